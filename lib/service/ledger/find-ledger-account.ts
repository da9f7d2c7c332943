import type { LedgerAccount } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";

/** The ledger account backing an InternalAccount (bare uuid), or null. Throws: nothing expected. */
export async function findLedgerAccount(db: DbOrTx, input: { platformId: string; internalAccountId: string }): Promise<LedgerAccount | null> {
  return db.ledgerAccount.findFirst({ where: { platformId: input.platformId, internalAccountId: input.internalAccountId } });
}
