import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";

// An agent sees only its one customer's accounts: anything else answers 404, as if it did not exist.

/** The customer's internal account `InternalAccount:<uuid>`; anything else (another customer's too) → 404. */
export async function customerInternalAccount(tx: DbOrTx, platformId: string, customerId: string, ref: string) {
  const id = parseId("InternalAccount", ref);
  const row = id ? await tx.internalAccount.findFirst({ where: { id, platformId, customerId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `Internal account ${ref} not found among this agent's customer's accounts`);
  return row;
}

/** The customer's live external account `ExternalAccount:<uuid>`; anything else → 404. */
export async function customerExternalAccount(tx: DbOrTx, platformId: string, customerId: string, ref: string) {
  const id = parseId("ExternalAccount", ref);
  const row = id ? await tx.externalAccount.findFirst({ where: { id, platformId, customerId, deletedAt: null } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `External account ${ref} not found among this agent's customer's accounts`);
  return row;
}
