import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { getScaCustomerOrThrow } from "./get-sca-customer-or-throw";
import { relyingPartyId, scaOrigin } from "./sca-origin";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * POST /sca/factors: starts enrolling a TOTP app (returns its secret and otpauth URI) or a passkey
 * (returns WebAuthn creation options); POST /sca/factors/confirm finishes it. One passkey per
 * customer. BEHAVIORS.md §9.4. Throws: USER_NOT_FOUND, CUSTOMER_DELETED, CONFLICT (not an SCA
 * region), PASSKEY_ALREADY_ENROLLED.
 */
export async function enrollScaFactor(db: Db, input: { platformId: string; customerId: string; type: "TOTP" | "PASSKEY"; name?: string }) {
  const { platformId, type } = input;
  const customer = await getScaCustomerOrThrow(db, platformId, input.customerId);
  if (type === "PASSKEY" && (await db.scaFactor.count({ where: { platformId, customerId: customer.id, factor: "PASSKEY", status: "ACTIVE" } })) > 0)
    throw new ServiceError("PASSKEY_ALREADY_ENROLLED", "The customer already has a passkey: delete it (DELETE /sca/factors/{credentialId}) before enrolling another");
  const at = await now(db, platformId);
  const id = uuidv7(at.getTime());
  const secret = type === "TOTP" ? Array.from(randomBytes(20), (b) => BASE32[b % 32]).join("") : randomBytes(32).toString("base64url");
  await db.scaFactor.create({ data: { id, platformId, customerId: customer.id, factor: type, name: input.name ?? null, secret, status: "PENDING", createdAt: at, updatedAt: at } });
  if (type === "TOTP") {
    const label = encodeURIComponent(customer.email ?? customer.platformCustomerId);
    return { type, secret, secretBase32Encoded: secret, totpUri: `otpauth://totp/Service:${label}?secret=${secret}&issuer=Service&digits=6&period=30` };
  }
  return {
    type,
    options: {
      challenge: secret,
      rp: { id: relyingPartyId(), name: "Service" },
      user: { id: Buffer.from(customer.id).toString("base64url"), name: customer.email ?? customer.platformCustomerId, displayName: customer.fullName ?? customer.platformCustomerId },
      pubKeyCredParams: [{ type: "public-key", alg: -7 }, { type: "public-key", alg: -257 }],
      authenticatorSelection: { userVerification: "required", residentKey: "preferred" },
      timeout: 300_000,
    },
    allowedOrigins: [scaOrigin()],
    relyingPartyId: relyingPartyId(),
  };
}
