import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import { CUSTOMER_INCLUDE, type CustomerRow } from "./serialize-customer";

/**
 * The platform's customer `Customer:<uuid>`, with its consents, for other areas to build on
 * (serialize it with serializeCustomer). A deleted customer answers 410 unless
 * `isIncludingDeleted` (reads such as GET /customers/{id} still show it, with isDeleted true).
 * Throws: USER_NOT_FOUND (unknown, malformed or another platform's id), CUSTOMER_DELETED.
 */
export async function getCustomerOrThrow(
  db: DbOrTx,
  platformId: string,
  customerId: string,
  options: { isIncludingDeleted?: boolean } = {},
): Promise<CustomerRow> {
  const id = parseId("Customer", customerId);
  const row = id ? await db.customer.findFirst({ where: { id, platformId }, include: CUSTOMER_INCLUDE }) : null;
  if (!row) throw new ServiceError("USER_NOT_FOUND", `Customer ${customerId} not found`);
  if (row.deletedAt && !options.isIncludingDeleted)
    throw new ServiceError("CUSTOMER_DELETED", `Customer ${customerId} was deleted at ${row.deletedAt.toISOString()}`);
  return row;
}
