import type { Db } from "../db";
import { now } from "../sandbox/clock";
import { findCustomer, getCustomerOrThrow } from "./get-customer-or-throw";
import type { CustomerRow } from "./serialize-customer";

/**
 * DELETE /customers/{customerId}: a soft delete. The row stays (isDeleted true, shown with
 * isIncludingDeleted) and frees its platformCustomerId and umaAddress for new customers.
 * Throws: USER_NOT_FOUND, CUSTOMER_DELETED (already deleted). BEHAVIORS.md §1.2.
 */
export async function deleteCustomer(db: Db, input: { platformId: string; customerId: string }): Promise<CustomerRow> {
  const row = await getCustomerOrThrow(db, input.platformId, input.customerId);
  const at = await now(db, input.platformId);
  // deletedAt: null in the where clause: of two concurrent deletes only one applies.
  const { count } = await db.customer.updateMany({
    where: { id: row.id, platformId: input.platformId, deletedAt: null },
    data: { deletedAt: at, activePlatformCustomerId: null, activeUmaAddress: null, updatedAt: at },
  });
  if (count === 0) await getCustomerOrThrow(db, input.platformId, input.customerId); // throws CUSTOMER_DELETED
  return (await findCustomer(db, input.platformId, row.id, { isWithBeneficialOwners: true }))!;
}
