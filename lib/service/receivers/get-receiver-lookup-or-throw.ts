import { Prisma, type ReceiverLookup } from "@/lib/generated/prisma/client";
import { columnsOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { LOOKUP_RETENTION_DAYS, parseLookupId } from "./lookup-id";

/** The platform's stored lookup, for quotes naming a lookupId. Throws: LOOKUP_REQUEST_NOT_FOUND. */
export async function getReceiverLookupOrThrow(db: SqlTx, platformId: string, lookupId: string): Promise<ReceiverLookup> {
  const id = parseLookupId(lookupId);
  const [row] = id ? await db.$queryRaw<ReceiverLookup[]>`SELECT ${columnsOf(Prisma.ReceiverLookupScalarFieldEnum)} FROM "ReceiverLookup" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid` : [];
  // Also a lookup the sweep deleted LOOKUP_RETENTION_DAYS after it was made: the message says how long one lasts.
  if (!row) {
    throw new ServiceError(
      "LOOKUP_REQUEST_NOT_FOUND",
      `Lookup ${lookupId} not found (a lookup is kept ${LOOKUP_RETENTION_DAYS} days): call GET /receiver/uma/{address} or /receiver/external-account/{accountId} and pass its lookupId`,
    );
  }
  return row;
}
