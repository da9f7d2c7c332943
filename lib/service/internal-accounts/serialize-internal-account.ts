import type { InternalAccount as InternalAccountRow, LedgerAccount } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import { currencyShape } from "../sandbox/currencies";
import { sandboxFundingInstructions } from "./sandbox-funding-instructions";
import type { CurrencyAmount, InternalAccount } from "./schemas";

export type { InternalAccountRow };

/** The ledger's view of an account's money: cached balances under its row lock. */
export type AccountLedger = Pick<LedgerAccount, "postedBalance" | "heldAmount" | "updatedAt">;

/**
 * An internal account as the API returns it, in responses and in webhook `data` (SPEC.md "Internal
 * account (as sent in events)"): `balance` is available (posted − held), `totalBalance` is posted
 * (BEHAVIORS.md §1.3). `updatedAt` also moves when the balance does.
 */
export function serializeInternalAccount(row: InternalAccountRow, ledger: AccountLedger): InternalAccount {
  const updatedAt = ledger.updatedAt > row.updatedAt ? ledger.updatedAt : row.updatedAt;
  return {
    id: formatId("InternalAccount", row.id),
    ...(row.customerId !== null && { customerId: formatId("Customer", row.customerId) }),
    type: row.type,
    status: row.status,
    balance: currencyAmount(ledger.postedBalance - ledger.heldAmount, row.currency),
    totalBalance: currencyAmount(ledger.postedBalance, row.currency),
    fundingPaymentInstructions: sandboxFundingInstructions(row),
    ...(row.type === "EMBEDDED_WALLET" && { privateEnabled: row.privateEnabled }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/**
 * A bigint amount as the wire's JSON integer with its currency. Amounts stay far below 2^53 (each
 * deposit is at most 10^11), so the conversion is exact.
 */
export function currencyAmount(amount: bigint, currency: string): CurrencyAmount {
  return { amount: Number(amount), currency: currencyShape(currency) };
}
