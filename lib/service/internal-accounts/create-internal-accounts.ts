import type { InternalAccountStatus, InternalAccountType, LedgerAccountKind } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { uuidv7 } from "../http/ids";
import { createLedgerAccount } from "../ledger/create-ledger-account";
import type { InternalAccountRow } from "./serialize-internal-account";

export interface NewInternalAccount {
  type: InternalAccountType;
  currency: string;
  status: InternalAccountStatus;
}

/**
 * Creates the accounts of one holder (a customer, or the platform when `customerId` is null) that
 * do not exist yet, each with its ledger account, in the caller's transaction. Idempotent and safe
 * under concurrency: the unique (customer, type, currency) / (platform, currency) indexes make a
 * racing creator wait and skip. Returns only the accounts this call created.
 * Throws: nothing expected.
 */
export async function createInternalAccounts(
  tx: Tx,
  input: { platformId: string; customerId: string | null; at: Date; accounts: NewInternalAccount[] },
): Promise<InternalAccountRow[]> {
  const { platformId, customerId, at } = input;
  if (input.accounts.length === 0) return [];
  const created = await tx.internalAccount.createManyAndReturn({
    data: input.accounts.map((account) => ({
      id: uuidv7(at.getTime()),
      platformId,
      customerId,
      platformCurrency: customerId === null ? account.currency : null,
      type: account.type,
      currency: account.currency,
      status: account.status,
      createdAt: at,
      updatedAt: at,
    })),
    skipDuplicates: true,
  });
  const kind: LedgerAccountKind = customerId === null ? "PLATFORM_INTERNAL" : "CUSTOMER_INTERNAL";
  for (const account of created) await createLedgerAccount(tx, { platformId, currency: account.currency, kind, internalAccountId: account.id });
  return created.sort((a, b) => (a.id < b.id ? -1 : 1));
}
