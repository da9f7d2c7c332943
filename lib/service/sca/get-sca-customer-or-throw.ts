import type { DbOrTx } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import type { CustomerRow } from "../customers/serialize-customer";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import { isScaRegion } from "./sca-regions";

/**
 * The customer of an SCA operation. SCA exists only in SCA regions (EU/EEA, BEHAVIORS.md §9.4,
 * 10.30): everyone else gets 409. With `isLocking` (inside a transaction) the customer's row is
 * locked (FOR UPDATE) so that checks on its factors, resets and lockout count hold until commit.
 * Throws: USER_NOT_FOUND, CUSTOMER_DELETED, CONFLICT.
 */
export async function getScaCustomerOrThrow(db: DbOrTx, platformId: string, customerId: string, options: { isLocking?: boolean } = {}): Promise<CustomerRow> {
  const id = options.isLocking ? parseId("Customer", customerId) : null;
  if (id) await db.$queryRaw`SELECT 1 FROM "Customer" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  const customer = await getCustomerOrThrow(db, platformId, customerId);
  if (!isScaRegion(customer.region))
    throw new ServiceError(
      "CONFLICT",
      `Strong customer authentication applies only to customers of EU/EEA regions; customer ${customerId} has region ${customer.region ?? "(none)"}`,
    );
  return customer;
}
