import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";

export interface Balance {
  currency: string;
  /** Sum of all entries: what the account holds, pending holds included (API `totalBalance`). */
  posted: bigint;
  /** Sum of ACTIVE holds. */
  held: bigint;
  /** posted − held: what can be spent (API `balance`). */
  available: bigint;
}

/**
 * An account's balances from the cache the ledger keeps under row locks. BEHAVIORS.md §1.3
 * (`balance` = available, `totalBalance` includes held funds). Throws: NOT_FOUND.
 */
export async function getBalance(db: DbOrTx, input: { platformId: string; ledgerAccountId: string }): Promise<Balance> {
  const account = await db.ledgerAccount.findFirst({
    where: { id: input.ledgerAccountId, platformId: input.platformId },
    select: { currency: true, postedBalance: true, heldAmount: true },
  });
  if (!account) throw new ServiceError("NOT_FOUND", `Ledger account ${input.ledgerAccountId} not found`);
  return {
    currency: account.currency,
    posted: account.postedBalance,
    held: account.heldAmount,
    available: account.postedBalance - account.heldAmount,
  };
}
