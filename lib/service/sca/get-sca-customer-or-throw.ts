import type { DbOrTx } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import type { CustomerRow } from "../customers/serialize-customer";
import { ServiceError } from "../http/errors";
import { isScaRegion } from "./sca-regions";

/**
 * The customer of an SCA operation. SCA exists only in SCA regions (EU/EEA, BEHAVIORS.md §9.4,
 * 10.30): everyone else gets 409. Throws: USER_NOT_FOUND, CUSTOMER_DELETED, CONFLICT.
 */
export async function getScaCustomerOrThrow(db: DbOrTx, platformId: string, customerId: string): Promise<CustomerRow> {
  const customer = await getCustomerOrThrow(db, platformId, customerId);
  if (!isScaRegion(customer.region))
    throw new ServiceError(
      "CONFLICT",
      `Strong customer authentication applies only to customers of EU/EEA regions; customer ${customerId} has region ${customer.region ?? "(none)"}`,
    );
  return customer;
}
