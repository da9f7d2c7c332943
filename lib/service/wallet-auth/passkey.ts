import { verifyAuthenticationResponse, verifyRegistrationResponse } from "@simplewebauthn/server";

import { ServiceError, invalidInput } from "../http/errors";
import { webauthnOrigins, webauthnRpIds } from "./wallet-auth-config";

type AuthenticatorTransportFuture = "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb";

export interface PasskeyAttestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports?: AuthenticatorTransportFuture[];
}

export interface PasskeyAssertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string | null;
}

/**
 * Verifies a WebAuthn registration (WALLET-CRYPTO.md §5.1) against the platform's registration
 * challenge, the configured origins and RP ids. Only the user-presence bit is required (seed).
 * Throws 400 INVALID_INPUT naming the failed check.
 */
export async function verifyPasskeyRegistration(challenge: string, attestation: PasskeyAttestation): Promise<{ credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] }> {
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: {
        id: attestation.credentialId,
        rawId: attestation.credentialId,
        type: "public-key",
        clientExtensionResults: {},
        response: { clientDataJSON: attestation.clientDataJson, attestationObject: attestation.attestationObject, transports: attestation.transports },
      },
      expectedChallenge: challenge,
      expectedOrigin: webauthnOrigins(),
      expectedRPID: webauthnRpIds(),
      requireUserVerification: false,
    });
  } catch (e) {
    throw registrationError(e instanceof Error ? e.message : String(e));
  }
  if (!result.verified || result.registrationInfo.credential.id !== attestation.credentialId) throw registrationError("attestation did not verify for this credentialId");
  const { credential } = result.registrationInfo;
  return { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports: attestation.transports ?? credential.transports ?? [] };
}

/**
 * Verifies a WebAuthn assertion over the challenge hex (its UTF-8 bytes are the WebAuthn
 * challenge, §5.3): type, origin, RP id hash, user presence, signature and counter. Returns the
 * new counter. Throws 401 UNAUTHORIZED 'Invalid passkey signature' with the failed check as reason.
 */
export async function verifyPasskeyAssertion(
  challengeHex: string,
  assertion: PasskeyAssertion,
  stored: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] },
): Promise<number> {
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: {
        id: assertion.credentialId,
        rawId: assertion.credentialId,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: assertion.clientDataJson,
          authenticatorData: assertion.authenticatorData,
          signature: assertion.signature,
          userHandle: assertion.userHandle ?? undefined,
        },
      },
      expectedChallenge: Buffer.from(challengeHex, "utf8").toString("base64url"),
      expectedOrigin: webauthnOrigins(),
      expectedRPID: webauthnRpIds(),
      credential: { id: stored.credentialId, publicKey: new Uint8Array(stored.publicKey), counter: stored.counter, transports: stored.transports as AuthenticatorTransportFuture[] },
      requireUserVerification: false,
    });
  } catch (e) {
    throw new ServiceError("UNAUTHORIZED", "Invalid passkey signature", { details: { reason: e instanceof Error ? e.message : String(e) } });
  }
  if (!result.verified) throw new ServiceError("UNAUTHORIZED", "Invalid passkey signature", { details: { reason: "assertion did not verify" } });
  return result.authenticationInfo.newCounter;
}

function registrationError(reason: string): ServiceError {
  return invalidInput([{ field: "attestation", message: `passkey registration failed: ${reason}`, constraint: { format: "webauthn-attestation" } }]);
}
