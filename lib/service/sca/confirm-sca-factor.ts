import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import { SANDBOX_SCA_CODE } from "./authorize-sca-challenge";
import { getScaCustomerOrThrow } from "./get-sca-customer-or-throw";
import { scaOrigin } from "./sca-origin";
import type { ScaFactorConfirmRequest } from "./schemas";


/**
 * POST /sca/factors/confirm: TOTP with its secret and a current code (sandbox 123456) → ACTIVE and
 * ten recovery codes; PASSKEY with the registration `credential` (sandbox: any object with an
 * `id`) from an allowed origin → ACTIVE. BEHAVIORS.md §9.4. Throws: CONFLICT (region),
 * INVALID_INPUT (nothing being enrolled, no `credential.id`), UNAUTHORIZED (wrong code or origin),
 * PASSKEY_ALREADY_ENROLLED.
 */
export async function confirmScaFactor(db: Db, input: { platformId: string; customerId: string; request: ScaFactorConfirmRequest }) {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    // Locked: concurrent confirms all found the enrolment PENDING and no ACTIVE passkey, so each
    // answered 200 (recovery codes each time, several passkeys). One at a time, the others see the first.
    const customer = await getScaCustomerOrThrow(tx, platformId, input.customerId, { isLocking: true });
    const pending = await tx.scaFactor.findFirst({
      where: { platformId, customerId: customer.id, factor: request.type, status: "PENDING", ...(request.type === "TOTP" && { secret: request.secret }) },
      orderBy: { id: "desc" },
    });
    if (!pending) throw invalidInput([{ field: request.type === "TOTP" ? "secret" : "type", message: `no ${request.type} enrolment is waiting; start one with POST /sca/factors`, constraint: { required: true } }]);
    const at = await now(tx, platformId);
    if (request.type === "TOTP") {
      if (request.code !== SANDBOX_SCA_CODE) throw new ServiceError("UNAUTHORIZED", "Invalid TOTP code", { details: { reason: "Invalid TOTP code" } });
      await tx.scaFactor.update({ where: { id: pending.id }, data: { status: "ACTIVE", updatedAt: at } });
      return { type: "TOTP" as const, recoveryCodes: Array.from({ length: 10 }, () => randomBytes(5).toString("hex").toUpperCase()) };
    }
    if (request.origin !== scaOrigin()) throw new ServiceError("UNAUTHORIZED", `Passkey origin ${request.origin} is not allowed`, { details: { reason: "Origin not allowed" } });
    const credentialId = request.credential.id;
    if (typeof credentialId !== "string" || credentialId.length === 0)
      throw invalidInput([{ field: "credential.id", message: "is required: the WebAuthn credential id", constraint: { required: true } }]);
    if ((await tx.scaFactor.count({ where: { platformId, customerId: customer.id, factor: "PASSKEY", status: "ACTIVE" } })) > 0)
      throw new ServiceError("PASSKEY_ALREADY_ENROLLED", "The customer already has a passkey");
    await tx.scaFactor.update({ where: { id: pending.id }, data: { status: "ACTIVE", credentialId, updatedAt: at } });
    return { type: "PASSKEY" as const, factor: { factor: "PASSKEY" as const, credentialId: formatId("ScaFactor", pending.id), ...(pending.name !== null && { name: pending.name }) } };
  });
}
