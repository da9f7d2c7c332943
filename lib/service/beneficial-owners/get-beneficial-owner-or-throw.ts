import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import type { BeneficialOwnerRow } from "./serialize-beneficial-owner";

/**
 * The platform's owner `BeneficialOwner:<uuid>`; with `isLocking` (inside a transaction) its row is
 * locked (FOR UPDATE) so a change merged into it holds until commit. Throws: NOT_FOUND (unknown,
 * malformed or another platform's id).
 */
export async function getBeneficialOwnerOrThrow(db: DbOrTx, platformId: string, beneficialOwnerId: string, options: { isLocking?: boolean } = {}): Promise<BeneficialOwnerRow> {
  const id = parseId("BeneficialOwner", beneficialOwnerId);
  if (id && options.isLocking) await db.$queryRaw`SELECT 1 FROM "BeneficialOwner" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  const row = id ? await db.beneficialOwner.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("BeneficialOwner", beneficialOwnerId));
  return row;
}
