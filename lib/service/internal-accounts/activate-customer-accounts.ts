import type { Tx } from "../db";
import { now } from "../sandbox/clock";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "./enqueue-internal-account-event";
import type { InternalAccountRow } from "./serialize-internal-account";

/**
 * PENDING → ACTIVE for every PENDING account of the customer, one INTERNAL_ACCOUNT.STATUS_UPDATED
 * each, in the caller's transaction: call it where the customer's KYC/KYB becomes APPROVED.
 * FROZEN and CLOSED accounts stay as they are; accounts provisioned later are born ACTIVE.
 * SPEC.md "Internal account status", BEHAVIORS.md 10.2. `customerId` is the bare uuid.
 * Throws: nothing expected.
 */
export async function activateCustomerAccounts(tx: Tx, platformId: string, customerId: string): Promise<InternalAccountRow[]> {
  const activated = await tx.internalAccount.updateManyAndReturn({
    where: { platformId, customerId, status: "PENDING" },
    data: { status: "ACTIVE", updatedAt: await now(tx, platformId) },
  });
  activated.sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const row of activated) await enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.STATUS_UPDATED, row);
  return activated;
}
