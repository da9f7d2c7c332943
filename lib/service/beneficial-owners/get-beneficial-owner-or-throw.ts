import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import type { BeneficialOwnerRow } from "./serialize-beneficial-owner";

/** The platform's owner `BeneficialOwner:<uuid>`. Throws: NOT_FOUND (unknown, malformed or another platform's id). */
export async function getBeneficialOwnerOrThrow(db: DbOrTx, platformId: string, beneficialOwnerId: string): Promise<BeneficialOwnerRow> {
  const id = parseId("BeneficialOwner", beneficialOwnerId);
  const row = id ? await db.beneficialOwner.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `Beneficial owner ${beneficialOwnerId} not found`);
  return row;
}
