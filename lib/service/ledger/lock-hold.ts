import { Prisma, type Hold } from "@/lib/generated/prisma/client";
import { columnsOf } from "@/lib/db/sql";
import { ServiceError } from "../http/errors";
import { CURRENT_XID, type SqlLedgerTx } from "./ledger-tx";

/** A Hold row's columns (columnsOf), qualified so RETURNING works too. */
export const HOLD_COLUMNS = columnsOf(Prisma.HoldScalarFieldEnum, "Hold");

/**
 * Takes a hold's row lock (before any account lock, the ledger's fixed order) so that a capture
 * and a release of the same hold run one after the other and the second sees the first's result.
 * Returns the hold and the id of the transaction holding the lock. Internal to the ledger.
 * Throws: NOT_FOUND when the platform has no such hold.
 */
export async function lockHold(tx: SqlLedgerTx, platformId: string, holdId: string): Promise<{ hold: Hold; xid: string }> {
  const rows = await tx.$queryRaw<(Hold & { xid: string })[]>`
    SELECT ${HOLD_COLUMNS}, ${CURRENT_XID} FROM "Hold" WHERE "id" = ${holdId}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new ServiceError("NOT_FOUND", `Hold ${holdId} not found`);
  const { xid, ...hold } = row;
  return { hold: { ...hold, amount: BigInt(hold.amount) }, xid };
}
