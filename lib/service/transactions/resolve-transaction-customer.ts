import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import type { DbOrTx } from "../db";
import { formatId } from "../http/ids";

/**
 * The customer columns of a new transaction: its customer (bare uuid) and a snapshot of their
 * platformCustomerId; both null when only platform accounts take part. A deleted customer still
 * owns their history. Throws: USER_NOT_FOUND (a dangling customer id, a bug).
 */
export async function resolveTransactionCustomer(
  tx: DbOrTx,
  platformId: string,
  customerId: string | null,
): Promise<{ customerId: string | null; platformCustomerId: string | null }> {
  if (customerId === null) return { customerId: null, platformCustomerId: null };
  const customer = await getCustomerOrThrow(tx, platformId, formatId("Customer", customerId), { isIncludingDeleted: true });
  return { customerId: customer.id, platformCustomerId: customer.platformCustomerId };
}
