import type { InternalAccountStatus } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "./enqueue-internal-account-event";
import type { InternalAccountRow } from "./serialize-internal-account";

/**
 * Moves allowed between statuses. The seed shows PENDING → ACTIVE and ACTIVE → FROZEN; the rest
 * is our choice: a hold can be lifted (FROZEN → ACTIVE), any open account can be closed, and
 * CLOSED is final.
 */
const NEXT: Record<InternalAccountStatus, readonly InternalAccountStatus[]> = {
  PENDING: ["ACTIVE", "FROZEN", "CLOSED"],
  ACTIVE: ["FROZEN", "CLOSED"],
  FROZEN: ["ACTIVE", "CLOSED"],
  CLOSED: [],
};

/**
 * Changes one account's status (freeze for a compliance hold, unfreeze, close) with its
 * INTERNAL_ACCOUNT.STATUS_UPDATED event, in the caller's transaction. The row lock makes it wait
 * for payments in flight on the account (they hold a share lock). Setting the current status
 * again changes nothing and sends nothing. SPEC.md "Internal account status".
 * Throws: NOT_FOUND; INVALID_STATE_TRANSITION (e.g. reopening a CLOSED account).
 */
export async function setInternalAccountStatus(
  tx: Tx,
  input: { platformId: string; internalAccountId: string; status: InternalAccountStatus },
): Promise<InternalAccountRow> {
  const { platformId, internalAccountId, status } = input;
  const locked = await tx.$queryRaw<{ status: InternalAccountStatus }[]>`
    SELECT "status"::text AS "status" FROM "InternalAccount" WHERE "id" = ${internalAccountId}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  const current = locked[0]?.status;
  if (!current) throw new ServiceError("NOT_FOUND", `Internal account ${formatId("InternalAccount", internalAccountId)} not found`);
  if (current === status) return tx.internalAccount.findFirstOrThrow({ where: { id: internalAccountId, platformId } });
  if (!NEXT[current].includes(status))
    throw new ServiceError("INVALID_STATE_TRANSITION", `Internal account ${formatId("InternalAccount", internalAccountId)} is ${current} and cannot become ${status}`, {
      details: { accountStatus: current, requestedStatus: status },
    });
  const row = await tx.internalAccount.update({ where: { id: internalAccountId, platformId }, data: { status, updatedAt: await now(tx, platformId) } });
  await enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.STATUS_UPDATED, row);
  return row;
}
