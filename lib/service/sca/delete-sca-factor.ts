import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import { getScaCustomerOrThrow } from "./get-sca-customer-or-throw";
import { requireScaSession } from "./sca-state";

/**
 * DELETE /sca/factors/{credentialId}: removes an enrolled passkey or TOTP app. Needs an SCA
 * session. BEHAVIORS.md §9.4. Throws: CONFLICT (region), SCA_SESSION_REQUIRED, NOT_FOUND.
 */
export async function deleteScaFactor(db: Db, input: { platformId: string; customerId: string; credentialId: string }): Promise<void> {
  const customer = await getScaCustomerOrThrow(db, input.platformId, input.customerId);
  const id = parseId("ScaFactor", input.credentialId);
  const row = id ? await db.scaFactor.findFirst({ where: { id, platformId: input.platformId, customerId: customer.id } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `SCA factor ${input.credentialId} not found for this customer`);
  await requireScaSession(db, input.platformId, customer.id);
  // Conditional: of concurrent deletes one removes it (204), the others 404 as a later delete.
  const { count } = await db.scaFactor.deleteMany({ where: { id: row.id } });
  if (count !== 1) throw new ServiceError("NOT_FOUND", `SCA factor ${input.credentialId} not found for this customer`);
}
