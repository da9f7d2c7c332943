import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import type { VerificationRow } from "./serialize-verification";

/** The platform's verification `Verification:<uuid>`. Throws: NOT_FOUND. */
export async function getVerificationOrThrow(db: DbOrTx, platformId: string, verificationId: string): Promise<VerificationRow> {
  const id = parseId("Verification", verificationId);
  const row = id ? await db.verification.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("Verification", verificationId));
  return row;
}
