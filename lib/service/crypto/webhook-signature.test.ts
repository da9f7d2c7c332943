import fs from "node:fs";
import path from "node:path";
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhookBody, verifyWebhookSignature } from "./webhook-signature";

const vectors = JSON.parse(fs.readFileSync(path.join(process.cwd(), "../shared/reference/wallet-vectors.json"), "utf8")).webhook;

describe("webhook signatures", () => {
  it("verifies the reference vectors in both header forms", () => {
    expect(verifyWebhookSignature(vectors.rawBody, vectors.headerValueBare, vectors.publicKeyPem)).toBe(true);
    expect(verifyWebhookSignature(vectors.rawBody, vectors.headerValueJson, vectors.publicKeyPem)).toBe(true);
    expect(verifyWebhookSignature(vectors.rawBody, vectors.nodeCryptoSignatureDerBase64, vectors.publicKeyPem)).toBe(true);
  });

  it("rejects a changed body, a wrong key and garbage", () => {
    expect(verifyWebhookSignature(vectors.rawBody + " ", vectors.headerValueBare, vectors.publicKeyPem)).toBe(false);
    const other = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(verifyWebhookSignature(vectors.rawBody, vectors.headerValueBare, other)).toBe(false);
    expect(verifyWebhookSignature(vectors.rawBody, "not base64 at all", vectors.publicKeyPem)).toBe(false);
    expect(verifyWebhookSignature(vectors.rawBody, '{"v":"1"}', vectors.publicKeyPem)).toBe(false);
  });

  it("signs so that the published SPKI key verifies", () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const body = '{"id":"Webhook:x","type":"TEST"}';
    const header = signWebhookBody(body, privateKey.export({ type: "pkcs8", format: "pem" }).toString());
    expect(header).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(header, "base64")[0]).toBe(0x30); // DER SEQUENCE
    expect(verifyWebhookSignature(body, header, publicKey.export({ type: "spki", format: "pem" }).toString())).toBe(true);
  });

  it("signs with the key it is given each time: a rotated key takes over at once, the old one signs no more", () => {
    const pemPair = () => generateKeyPairSync("ec", { namedCurve: "P-256", privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
    const [before, after] = [pemPair(), pemPair()];
    const body = '{"id":"Webhook:y","type":"TEST"}';
    for (const [signer, other] of [[before, after], [after, before], [before, after]] as const) {
      const header = signWebhookBody(body, signer.privateKey);
      expect(verifyWebhookSignature(body, header, signer.publicKey)).toBe(true);
      expect(verifyWebhookSignature(body, header, other.publicKey)).toBe(false);
    }
  });
});
