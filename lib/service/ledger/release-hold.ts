import type { Hold } from "@/lib/generated/prisma/client";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { inTransaction, notInTransaction, type SqlLedgerTx } from "./ledger-tx";
import { HOLD_COLUMNS, lockHold } from "./lock-hold";

/**
 * Gives a hold's money back to the available balance without moving it (authorization reversed,
 * payout failed before debit). Releasing an already released hold returns it unchanged, so a
 * retried job is harmless. DESIGN.md "Ledger". Throws: NOT_FOUND; INVALID_STATE_TRANSITION when
 * the hold was captured.
 */
export async function releaseHold(tx: SqlLedgerTx, input: { platformId: string; holdId: string }): Promise<Hold> {
  const { hold, xid } = await lockHold(tx, input.platformId, input.holdId);
  if (hold.status === "RELEASED") return hold;
  if (hold.status === "CAPTURED") throw new ServiceError("INVALID_STATE_TRANSITION", `Hold ${hold.id} was captured and can no longer be released`);

  const at = await now(tx, input.platformId);
  // The account row is locked by this UPDATE, after the hold: the ledger's fixed lock order.
  const rows = await tx.$queryRaw<Hold[]>`
    WITH guard AS (${inTransaction(xid)}),
    unheld AS (
      UPDATE "LedgerAccount" SET "heldAmount" = "heldAmount" - ${hold.amount.toString()}::bigint, "updatedAt" = ${at}::timestamptz
      FROM guard WHERE "id" = ${hold.ledgerAccountId}::uuid
    )
    UPDATE "Hold" SET "status" = 'RELEASED', "releasedAt" = ${at}::timestamptz
    FROM guard WHERE "id" = ${hold.id}::uuid
    RETURNING ${HOLD_COLUMNS}`;
  const released = rows[0];
  if (!released) throw notInTransaction();
  return { ...released, amount: BigInt(released.amount) };
}
