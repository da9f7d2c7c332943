import { Prisma, type LedgerAccount } from "@/lib/generated/prisma/client";
import { columnsOf, readOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";

/** The ledger account backing an InternalAccount (bare uuid), or null. Raw SQL: payments read it (SqlTx); on the pool outside a transaction (readOf). Throws: nothing expected. */
export async function findLedgerAccount(db: SqlTx, input: { platformId: string; internalAccountId: string }): Promise<LedgerAccount | null> {
  const [row] = await readOf(db).$queryRaw<LedgerAccount[]>`
    SELECT ${columnsOf(Prisma.LedgerAccountScalarFieldEnum)} FROM "LedgerAccount" WHERE "platformId" = ${input.platformId}::uuid AND "internalAccountId" = ${input.internalAccountId}::uuid
    LIMIT 1`;
  return row ?? null;
}
