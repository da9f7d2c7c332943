import { createPrivateKey, createSign, createVerify, type KeyObject } from "node:crypto";

/**
 * `X-Service-Signature` (WALLET-CRYPTO.md §7): standard base64 of the DER ECDSA P-256/SHA-256
 * signature over the exact body bytes sent. The seed's bare form, not the peer's JSON wrapper.
 */
export function signWebhookBody(body: string, privateKeyPem: string): string {
  return createSign("SHA256").update(body).sign(privateKeyOf(privateKeyPem)).toString("base64");
}

const privateKeys = new Map<string, KeyObject>();

/**
 * The platform's signing key, parsed once: OpenSSL takes ~1 ms to read a PEM, ~20× the signature
 * itself, and every delivery signs. A rotated key is a new PEM, hence a new entry; the oldest go.
 */
function privateKeyOf(pem: string): KeyObject {
  let key = privateKeys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    if (privateKeys.size >= 1000) privateKeys.delete(privateKeys.keys().next().value!);
    privateKeys.set(pem, key);
  }
  return key;
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
