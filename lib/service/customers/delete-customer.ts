import { closeCustomerCards } from "../cards/close-customer-cards";
import type { Db } from "../db";
import { failPaymentsAwaitingDeletedReceiver } from "../incoming-payments/fail-deleted-receiver-payments";
import { now } from "../sandbox/clock";
import { findCustomer, getCustomerOrThrow } from "./get-customer-or-throw";
import type { CustomerRow } from "./serialize-customer";

/**
 * DELETE /customers/{customerId}: a soft delete. The row stays (isDeleted true, shown with
 * isIncludingDeleted) and frees its platformCustomerId and umaAddress for new customers. In the
 * same transaction, after the customer's row (its UPDATE locks it first, lockCustomer's order), the
 * customer's cards are closed (closeCustomerCards): a card does not outlive its holder; and incoming
 * payments to them awaiting the platform's approval end FAILED ACCOUNT_CANNOT_RECEIVE
 * (failPaymentsAwaitingDeletedReceiver), as their accounts take no new payment. A payment,
 * card issue or agent create that share-locks the customer (lockLiveParties) runs wholly before or
 * after it. Throws: USER_NOT_FOUND, CUSTOMER_DELETED (already deleted). BEHAVIORS.md §1.2.
 */
export async function deleteCustomer(db: Db, input: { platformId: string; customerId: string }): Promise<CustomerRow> {
  const { platformId } = input;
  return db.$transaction(async (tx) => {
    const row = await getCustomerOrThrow(tx, platformId, input.customerId);
    const at = await now(tx, platformId);
    // deletedAt: null in the where clause: of two concurrent deletes only one applies.
    const { count } = await tx.customer.updateMany({
      where: { id: row.id, platformId, deletedAt: null },
      data: { deletedAt: at, activePlatformCustomerId: null, activeUmaAddress: null, updatedAt: at },
    });
    if (count === 0) await getCustomerOrThrow(tx, platformId, input.customerId); // throws CUSTOMER_DELETED
    await closeCustomerCards(tx, { platformId, customerId: row.id });
    await failPaymentsAwaitingDeletedReceiver(tx, { platformId, customerId: row.id });
    return (await findCustomer(tx, platformId, row.id, { isWithBeneficialOwners: true }))!;
  });
}
