import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { formatLookupId } from "./lookup-id";
import type { ReceiverLookupResponse } from "./schemas";

/** Keeps a lookup's answer so a quote's lookupId can be checked; `build` makes the answer from the new lookupId. */
export async function storeReceiverLookup(
  db: DbOrTx,
  platformId: string,
  fields: { kind: string; receiverUmaAddress?: string; accountId?: string; customerId: string | null; senderUmaAddress: string | null },
  build: (lookupId: string) => ReceiverLookupResponse,
): Promise<ReceiverLookupResponse> {
  const at = await now(db, platformId);
  const id = uuidv7(at.getTime());
  const response = build(formatLookupId(id));
  await db.receiverLookup.create({ data: { id, platformId, ...fields, response: response as object, createdAt: at } });
  return response;
}
