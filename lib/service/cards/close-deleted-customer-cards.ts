import type { JobContext } from "../jobs/handlers";
import { closeCustomerCards } from "./close-customer-cards";

export const CLOSE_DELETED_CUSTOMER_CARDS_JOB = "card.close-deleted-customer-cards";

/**
 * Job CLOSE_DELETED_CUSTOMER_CARDS_JOB, payload { customerId }: closes the cards of a customer
 * deleted before DELETE /customers closed them itself (the migration
 * `*_close_deleted_customers_cards` schedules it once for each), exactly as the delete does now
 * (closeCustomerCards: CLOSED_BY_PLATFORM with CARD.STATE_CHANGE, open authorizations expired,
 * holds released), in one transaction. The customer's row is locked first (lockCustomer's order:
 * the customer, then their cards). A customer who is not deleted is left alone; cards already
 * CLOSED are skipped, so running it again changes nothing.
 */
export async function runCloseDeletedCustomerCards({ db, platformId, payload }: JobContext): Promise<void> {
  const { customerId } = payload as { customerId: string };
  await db.$transaction(async (tx) => {
    const [customer] = await tx.$queryRaw<{ deletedAt: Date | null }[]>`
      SELECT "deletedAt" FROM "Customer" WHERE "id" = ${customerId}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
    if (!customer?.deletedAt) return;
    await closeCustomerCards(tx, { platformId, customerId });
  });
}
