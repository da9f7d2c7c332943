// How a receiver verifies `X-Service-Signature`, as the OpenAPI document tells integrators. The two
// verifiers are plain JavaScript modules kept as text: the document prints them, and
// webhooks-document.test.ts imports this very text and runs it on a real delivery, so a snippet
// that stops verifying (or a change of the signature's encoding) fails a test.
import { RETRY_SPAN_TEXT } from "./retry-policy";

/** node:crypto verifies the DER form as it is (its default `dsaEncoding`). */
export const NODE_VERIFIER = `import { verify } from "node:crypto";

// rawBody: the request body bytes exactly as received (a Buffer), before any JSON parsing.
export function verifyWebhook(rawBody, signatureHeader, webhookPublicKeyPem) {
  return verify("sha256", rawBody, webhookPublicKeyPem, Buffer.from(signatureHeader, "base64"));
}
`;

/** WebCrypto takes the 64-byte r‖s (IEEE P1363) form: the DER SEQUENCE { INTEGER r, INTEGER s } is converted first. */
export const WEBCRYPTO_VERIFIER = `// The header is DER: 0x30 len 0x02 len(r) r 0x02 len(s) s, where r and s may carry a leading 0x00
// or be shorter than 32 bytes. WebCrypto wants r and s as exactly 32 bytes each.
function derToRaw(der) {
  const raw = new Uint8Array(64);
  let i = 2; // after the SEQUENCE tag and its one-byte length (a P-256 signature is at most 72 bytes)
  for (const end of [32, 64]) {
    const length = der[i + 1];
    const int = der.subarray(i + 2, i + 2 + length);
    const value = int.length > 32 ? int.subarray(int.length - 32) : int;
    raw.set(value, end - value.length);
    i += 2 + length;
  }
  return raw;
}

const base64Bytes = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

// rawBody: the request body bytes exactly as received, e.g. new Uint8Array(await request.arrayBuffer()).
export async function verifyWebhook(rawBody, signatureHeader, webhookPublicKeyPem) {
  const spki = base64Bytes(webhookPublicKeyPem.replace(/-----[^-]+-----|\\s/g, ""));
  const key = await crypto.subtle.importKey("spki", spki, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  return crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, derToRaw(base64Bytes(signatureHeader)), rawBody);
}
`;

/** The `WebhookSignature` security scheme's description (Markdown: renderers show it under authentication). */
export const WEBHOOK_SIGNATURE_DESCRIPTION = [
  "Every webhook POST carries `X-Service-Signature`: standard base64 (with padding) of an ASN.1 DER-encoded ECDSA signature, curve P-256 (secp256r1) with SHA-256, over the raw request body, exactly the bytes received.",
  "Verify it with the platform's `webhookPublicKey` (PEM, SPKI) from `GET /config` (also shown on the dashboard's Webhooks page) before parsing the JSON: a re-serialized body does not verify. Reject an event whose signature does not verify (answer 401; it is retried).",
  "The header decodes to a DER SEQUENCE of at most 72 bytes (usually 70–72), not 64. WebCrypto (`crypto.subtle` in browsers, Deno, Workers and Node) verifies only the 64-byte r‖s form, so convert the DER first, as below; node:crypto and OpenSSL take DER as it is.",
  "The signature covers the body only. Deduplicate on the envelope `id`: retries (" + RETRY_SPAN_TEXT + ") and replays (`POST /webhooks/events/{eventId}/replay`, at any time) resend the identical body, the original `timestamp` included, so do not reject an event for its age. `POST /webhooks/test` sends a signed TEST event to try a verifier on.",
  `node:crypto:\n\n\`\`\`js\n${NODE_VERIFIER}\`\`\``,
  `WebCrypto:\n\n\`\`\`js\n${WEBCRYPTO_VERIFIER}\`\`\``,
].join("\n\n");

/** The same rules in one paragraph of inline text, for the document's info description. */
export const WEBHOOK_SIGNATURE_SUMMARY =
  "Webhooks (see `webhooks`): each event is POSTed to the platform's `webhookEndpoint` as `{id, type, timestamp, data}` with `X-Service-Signature`, the standard base64 of an ASN.1 DER ECDSA P-256/SHA-256 signature over the raw request body. Verify it before parsing, with `webhookPublicKey` (PEM SPKI) from GET /config: node:crypto `verify(\"sha256\", rawBody, webhookPublicKey, Buffer.from(header, \"base64\"))` takes DER as it is; WebCrypto `crypto.subtle.verify` needs the 64-byte r‖s form, so convert first (both verifiers in full: the `WebhookSignature` security scheme). Delivery is at least once: deduplicate on the envelope `id`. One resource's events (same `data.id`) are sent one at a time, in the order they happened: the next goes out only once the one before it is delivered or given up, so a retried event holds back the later ones of its resource (other resources' events are not held). Retries (" + RETRY_SPAN_TEXT + ") and replays resend the identical body, the original `timestamp` included: do not reject an event for its age. GET /webhooks/events lists every event with its delivery attempts.";
