import type { LedgerAccount } from "@/lib/generated/prisma/client";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { LedgerInvariantError } from "../ledger/ledger-invariant-error";
import type { LedgerTx } from "../ledger/ledger-tx";
import { assertCanMoveMoney, type MoneyDirection } from "./account-can-move-money";
import type { InternalAccountRow } from "./serialize-internal-account";

export interface LockedInternalAccount {
  account: InternalAccountRow;
  /** Post to `ledgerAccount.id` with postLedgerTransaction / placeHold in the same transaction. */
  ledgerAccount: LedgerAccount;
}

/**
 * For any area that moves money in or out of an internal account: inside the money transaction,
 * takes a share lock on the account row (so its status cannot change until commit: a concurrent
 * freeze waits for the payment, or the payment sees the freeze), checks the account may send or
 * receive, and returns it with its ledger account. Accepts `InternalAccount:<uuid>` or, with
 * `allowBare`, the bare uuid. Throws: NOT_FOUND; CONFLICT when the account is not ACTIVE.
 */
export async function lockInternalAccountForPayment(
  tx: LedgerTx,
  input: { platformId: string; accountId: string; direction: MoneyDirection; allowBare?: boolean },
): Promise<LockedInternalAccount> {
  const { platformId } = input;
  const id = parseId("InternalAccount", input.accountId, { allowBare: input.allowBare });
  const account = id ? await lockAndRead(tx, platformId, id) : null;
  if (!account) throw new ServiceError("NOT_FOUND", `Internal account ${input.accountId} not found`);
  assertCanMoveMoney(account, input.direction);
  const ledgerAccount = await findLedgerAccount(tx, { platformId, internalAccountId: account.id });
  if (!ledgerAccount) throw new LedgerInvariantError(`Internal account ${account.id} has no ledger account`);
  return { account, ledgerAccount };
}

/** The row, share-locked, in one round trip (every payment starts here). Listing each column lets the compiler catch a new one. */
async function lockAndRead(tx: LedgerTx, platformId: string, id: string): Promise<InternalAccountRow | null> {
  const [row] = await tx.$queryRaw<InternalAccountRow[]>`
    SELECT "id", "platformId", "customerId", "platformCurrency", "type"::text, "currency", "status"::text, "privateEnabled", "createdAt", "updatedAt"
    FROM "InternalAccount" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR SHARE`;
  if (!row) return null;
  const { platformCurrency, type, currency, status, privateEnabled, customerId, createdAt, updatedAt } = row;
  return { id: row.id, platformId: row.platformId, customerId, platformCurrency, type, currency, status, privateEnabled, createdAt, updatedAt } satisfies Required<InternalAccountRow>;
}
