import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";

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
  // Only the two columns: every payment asks, and the full customer carries its consents.
  const customer = await tx.customer.findFirst({ where: { id: customerId, platformId }, select: { id: true, platformCustomerId: true } });
  if (!customer) throw new ServiceError("USER_NOT_FOUND", `Customer Customer:${customerId} not found`);
  return { customerId: customer.id, platformCustomerId: customer.platformCustomerId };
}
