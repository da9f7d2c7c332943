import type { ScaChallenge as ScaChallengeRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { ScaChallenge, ScaFactorName } from "./schemas";
import { relyingPartyId, scaOrigin } from "./sca-origin";

export type { ScaChallengeRow };

/** Challenges that authorize one action (not logins) cannot be answered with TOTP (BEHAVIORS.md §9.4). */
export function isPerTransaction(purpose: string): boolean {
  return purpose !== "LOGIN";
}

/** The wire `ScaChallenge`; passkey challenges carry the WebAuthn request options. */
export function serializeScaChallenge(row: ScaChallengeRow, availableFactors: ScaFactorName[], passkeyCredentialIds: string[] = []): ScaChallenge {
  const isPasskey = row.factor === "PASSKEY";
  return {
    id: formatId("ScaChallenge", row.id),
    expiresAt: row.expiresAt.toISOString(),
    factor: row.factor as ScaFactorName,
    availableFactors,
    purpose: row.purpose,
    passkeyAssertionOptions: isPasskey ? passkeyRequestOptions(row.id, passkeyCredentialIds) : null,
    passkeyAllowedOrigins: isPasskey ? [scaOrigin()] : null,
  };
}

export function passkeyRequestOptions(challengeId: string, credentialIds: string[]) {
  return {
    challenge: Buffer.from(challengeId.replace(/-/g, ""), "hex").toString("base64url"),
    rpId: relyingPartyId(),
    allowCredentials: credentialIds.map((id) => ({ id, type: "public-key" })),
    userVerification: "required",
    timeout: 300_000,
  };
}
