import type { ReceiverLookup } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseLookupId } from "./lookup-id";

/** The platform's stored lookup, for quotes naming a lookupId. Throws: LOOKUP_REQUEST_NOT_FOUND. */
export async function getReceiverLookupOrThrow(db: DbOrTx, platformId: string, lookupId: string): Promise<ReceiverLookup> {
  const id = parseLookupId(lookupId);
  const row = id ? await db.receiverLookup.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("LOOKUP_REQUEST_NOT_FOUND", `Lookup ${lookupId} not found: call GET /receiver/uma/{address} or /receiver/external-account/{accountId} and pass its lookupId`);
  return row;
}
