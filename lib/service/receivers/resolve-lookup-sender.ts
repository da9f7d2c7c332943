import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import type { DbOrTx } from "../db";
import { invalidInput } from "../http/errors";

export interface SenderQuery {
  senderUmaAddress?: string;
  customerId?: string;
}

/** The sending customer of a lookup (bare uuid), or null. Throws: INVALID_INPUT (both given), USER_NOT_FOUND. */
export async function resolveLookupSender(db: DbOrTx, platformId: string, query: SenderQuery): Promise<string | null> {
  if (query.senderUmaAddress !== undefined && query.customerId !== undefined)
    throw invalidInput([{ field: "customerId", message: "give senderUmaAddress or customerId, not both", constraint: { oneOf: ["senderUmaAddress", "customerId"] } }]);
  if (query.customerId === undefined) return null;
  return (await getCustomerOrThrow(db, platformId, query.customerId)).id;
}
