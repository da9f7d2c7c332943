import { p256 } from "@noble/curves/nist.js";
import { base64urlnopad } from "@scure/base";
import { hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

export interface VerificationTokenClaims {
  id: string;
  verification_type: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS";
  contact: string;
  organization_id: string;
  /** compressed hex of the key in the OTP bundle */
  public_key: string;
  /** ms epoch as a string */
  exp: string;
}

/**
 * The OTP verify 202 `payloadToSign` (WALLET-CRYPTO.md §2): an ES256 JWT in Turnkey's verification
 * token shape, signed (64-byte r‖s, deterministic) by the enclave key. Clients sign its exact text.
 */
export function signVerificationToken(claims: VerificationTokenClaims, enclavePrivateKeyHex: string): string {
  const encode = (value: unknown) => base64urlnopad.encode(utf8ToBytes(JSON.stringify(value)));
  const signingInput = `${encode({ alg: "ES256", typ: "JWT" })}.${encode(claims)}`;
  const signature = p256.sign(utf8ToBytes(signingInput), hexToBytes(enclavePrivateKeyHex), { format: "compact" });
  return `${signingInput}.${base64urlnopad.encode(signature)}`;
}
