import type { LedgerAccountKind } from "@/lib/generated/prisma/client";
import { LedgerInvariantError } from "./ledger-invariant-error";
import { CURRENT_XID, type SqlLedgerTx } from "./ledger-tx";

/** The columns the ledger needs while it holds an account's row lock. */
export interface LockedLedgerAccount {
  id: string;
  currency: string;
  kind: LedgerAccountKind;
  internalAccountId: string | null;
  allowNegative: boolean;
  postedBalance: bigint;
  heldAmount: bigint;
}

/**
 * Takes the row locks of the given accounts of one platform, in ascending id order, and returns
 * them by id with the id of the transaction holding the locks. Every ledger write locks through
 * here, so two postings touching the same accounts always queue in the same order and cannot
 * deadlock (A→B and B→A both lock min(A,B) first). Internal to the ledger.
 * Throws: LedgerInvariantError when an account is missing or belongs to another platform.
 */
export async function lockLedgerAccounts(
  tx: SqlLedgerTx,
  platformId: string,
  ledgerAccountIds: Iterable<string>,
): Promise<{ accounts: Map<string, LockedLedgerAccount>; xid: string }> {
  const ids = [...new Set(ledgerAccountIds)].sort();
  // ORDER BY sits below the row-locking step in PostgreSQL's plan, so rows are locked in id order.
  const rows = await tx.$queryRaw<(LockedLedgerAccount & { xid: string })[]>`
    SELECT "id", "currency", "kind", "internalAccountId", "allowNegative", "postedBalance", "heldAmount", ${CURRENT_XID}
    FROM "LedgerAccount"
    WHERE "platformId" = ${platformId}::uuid AND "id" = ANY(${ids}::uuid[])
    ORDER BY "id"
    FOR UPDATE`;
  const accounts = new Map(rows.map(({ xid: _, ...row }) => [row.id, { ...row, postedBalance: BigInt(row.postedBalance), heldAmount: BigInt(row.heldAmount) }]));
  const missing = ids.filter((id) => !accounts.has(id));
  if (missing.length > 0) throw new LedgerInvariantError(`Ledger account(s) ${missing.join(", ")} do not exist on platform ${platformId}`);
  return { accounts, xid: rows[0]!.xid };
}
