import { createSign, createVerify } from "node:crypto";

/**
 * `X-Service-Signature` (WALLET-CRYPTO.md §7): standard base64 of the DER ECDSA P-256/SHA-256
 * signature over the exact body bytes sent. The seed's bare form, not the peer's JSON wrapper.
 */
export function signWebhookBody(body: string, privateKeyPem: string): string {
  return createSign("SHA256").update(body).sign(privateKeyPem).toString("base64");
}

/** Verifies a header in the bare form or the peer's `{"v":"1","s":"…"}` form (receivers accept both). */
export function verifyWebhookSignature(body: string, header: string, publicKeyPem: string): boolean {
  let signature = header.trim();
  if (signature.startsWith("{")) {
    try {
      const parsed = JSON.parse(signature) as { s?: unknown };
      if (typeof parsed.s !== "string") return false;
      signature = parsed.s;
    } catch {
      return false;
    }
  }
  try {
    return createVerify("SHA256").update(body).verify(publicKeyPem, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}
