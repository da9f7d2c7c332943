import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf, readOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import type { InternalAccountRow } from "./serialize-internal-account";

/**
 * The platform's internal account `InternalAccount:<uuid>` (customer's or platform's own). Other
 * areas that store the bare uuid pass `allowBare`.
 * Throws: NOT_FOUND (unknown, malformed or another platform's id).
 */
export async function getInternalAccountOrThrow(
  db: SqlTx,
  platformId: string,
  accountId: string,
  options: { allowBare?: boolean } = {},
): Promise<InternalAccountRow> {
  const id = parseId("InternalAccount", accountId, options);
  // Raw (payments read it inside a bare pg transaction, sqlTransaction), on the pool outside a transaction (readOf).
  const [row] = id ? await readOf(db).$queryRaw<InternalAccountRow[]>`SELECT ${columnsOf(Prisma.InternalAccountScalarFieldEnum)} FROM "InternalAccount" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid` : [];
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("InternalAccount", accountId, options));
  return row;
}
