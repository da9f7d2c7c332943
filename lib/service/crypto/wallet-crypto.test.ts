import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import {
  decryptCredentialBundle,
  decryptExportBundle,
  encryptOtpCodeToBundle,
  formatHpkeBuf,
  hpkeDecrypt,
  hpkeEncrypt,
  verifyOtpVerificationToken,
  verifyStampSignature,
} from "@turnkey/crypto";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { otpEncryptionTargetBundle, sealWalletExport, signEnclaveEnvelope } from "./enclave-envelope";
import { openEncryptedOtpBundle } from "./otp-bundle";
import { generateP256KeyPair, keyPairFromPrivateKey, parseP256PublicKeyHex } from "./p256-keys";
import { base58check, sealSessionSigningKey } from "./session-key-bundle";
import { signVerificationToken } from "./verification-token";
import { hpkeSeal } from "./wallet-hpke";
import { createWalletStamp, parseWalletStamp, verifyWalletStamp } from "./wallet-stamp";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vectors file is untyped JSON
const V: any = JSON.parse(readFileSync("/work/shared/reference/wallet-vectors.json", "utf8"));
const keys = V.keys;
const uncompressed = (hex: string) => parseP256PublicKeyHex(hex)!.uncompressed;

describe("otpEncryptionTargetBundle (WALLET-CRYPTO §1)", () => {
  it("regenerates the vector byte for byte", () => {
    const bundle = otpEncryptionTargetBundle({
      targetPublicKeyUncompressedHex: keys.otpTarget.publicKeyUncompressedHex,
      organizationId: "org_sandbox",
      enclavePrivateKeyHex: keys.enclaveSigner.privateKeyHex,
    });
    expect(bundle).toBe(V.otp.otpEncryptionTargetBundle);
  });

  it("is accepted by @turnkey/crypto encryptOtpCodeToBundle with the sandbox key as override, and opens on the server", async () => {
    const tek = generateP256KeyPair();
    const encrypted = await encryptOtpCodeToBundle("000000", V.otp.otpEncryptionTargetBundle, tek.publicKeyCompressedHex, keys.enclaveSigner.publicKeyUncompressedHex);
    const opened = await openEncryptedOtpBundle(encrypted, keys.otpTarget);
    expect(opened).toEqual({ ok: true, otpCode: "000000", publicKeyCompressedHex: tek.publicKeyCompressedHex });
  });

  it("is rejected by the Turnkey helper without the override (production key pinned)", async () => {
    await expect(encryptOtpCodeToBundle("000000", V.otp.otpEncryptionTargetBundle, generateP256KeyPair().publicKeyCompressedHex)).rejects.toThrow();
  });
});

describe("encryptedOtpBundle (§2)", () => {
  it("opens the Turnkey client's vector with the target key", async () => {
    const opened = await openEncryptedOtpBundle(V.otp.fromTurnkeyClient.encryptedOtpBundle, keys.otpTarget);
    expect(opened).toEqual({ ok: true, otpCode: "000000", publicKeyCompressedHex: keys.tek.publicKeyCompressedHex });
  });

  it("opens a fresh hpkeEncrypt + formatHpkeBuf bundle", async () => {
    const tek = generateP256KeyPair();
    const plain = JSON.stringify({ otp_code: "123456", public_key: tek.publicKeyUncompressedHex });
    const encrypted = formatHpkeBuf(hpkeEncrypt({ plainTextBuf: utf8ToBytes(plain), targetKeyBuf: hexToBytes(keys.otpTarget.publicKeyUncompressedHex) }));
    expect(await openEncryptedOtpBundle(encrypted, keys.otpTarget)).toEqual({ ok: true, otpCode: "123456", publicKeyCompressedHex: tek.publicKeyCompressedHex });
  });

  it("server seal with the fixed ephemeral key reproduces the deterministic vector, which Turnkey opens", async () => {
    const { enc, ciphertext } = await hpkeSeal(uncompressed(keys.otpTarget.publicKeyUncompressedHex), utf8ToBytes(V.otp.plaintext), V.otp.deterministicFromServer.ephemeralPrivateKeyHex);
    expect(JSON.stringify({ encappedPublic: bytesToHex(enc), ciphertext: bytesToHex(ciphertext) })).toBe(V.otp.deterministicFromServer.encryptedOtpBundle);
    const plain = hpkeDecrypt({ ciphertextBuf: ciphertext, encappedKeyBuf: enc, receiverPriv: keys.otpTarget.privateKeyHex });
    expect(new TextDecoder().decode(plain)).toBe(V.otp.plaintext);
  });

  it("distinguishes malformed bundles from undecryptable ones", async () => {
    expect(await openEncryptedOtpBundle("not json", keys.otpTarget)).toMatchObject({ ok: false, kind: "malformed" });
    expect(await openEncryptedOtpBundle(JSON.stringify({ encappedPublic: "04", ciphertext: "00" }), keys.otpTarget)).toMatchObject({ ok: false, kind: "malformed" });
    const other = keyPairFromPrivateKey(keys.clientLegacy.privateKeyHex);
    expect(await openEncryptedOtpBundle(V.otp.fromTurnkeyClient.encryptedOtpBundle, other)).toMatchObject({ ok: false, kind: "undecryptable" });
  });
});

describe("encryptedSessionSigningKey (§3)", () => {
  it("regenerates the vector and Turnkey decryptCredentialBundle recovers the session key", async () => {
    const b = V.sessionKeyBundle;
    const sealed = await sealSessionSigningKey(uncompressed(b.clientPublicKey), b.sessionPrivateKeyHex, b.ephemeralPrivateKeyHex);
    expect(sealed).toBe(b.encryptedSessionSigningKey);
    expect(bytesToHex(base58check.decode(sealed))).toBe(b.decodedPayloadHex);
    expect(decryptCredentialBundle(sealed, b.clientPrivateKeyHex)).toBe(b.sessionPrivateKeyHex);
  });

  it("seals to a compressed clientPublicKey too", async () => {
    const client = generateP256KeyPair();
    const session = generateP256KeyPair();
    const sealed = await sealSessionSigningKey(uncompressed(client.publicKeyCompressedHex), session.privateKeyHex);
    expect(decryptCredentialBundle(sealed, client.privateKeyHex)).toBe(session.privateKeyHex);
    expect(sealed.length).toBeGreaterThanOrEqual(110);
  });
});

describe("Service-Wallet-Signature stamps (§4)", () => {
  for (const c of V.stamps.cases as { name: string; payloadToSign: string; turnkeyStampHeaderValue: string; deterministicStampHeaderValue: string }[]) {
    it(`verifies the Turnkey and deterministic stamps of ${c.name}, and rejects them over another payload`, () => {
      for (const header of [c.turnkeyStampHeaderValue, c.deterministicStampHeaderValue]) {
        const parsed = parseWalletStamp(header);
        if (!parsed.ok) throw new Error(parsed.reason);
        expect(parsed.publicKeyHex).toBe(V.stamps.sessionPublicKeyCompressedHex);
        expect(verifyWalletStamp(parsed, c.payloadToSign)).toBe(true);
        expect(verifyWalletStamp(parsed, `${c.payloadToSign} `)).toBe(false);
      }
      expect(createWalletStamp(c.payloadToSign, V.stamps.sessionPrivateKeyHex)).toBe(c.deterministicStampHeaderValue);
    });
  }

  it("accepts high-S signatures and stamps from every @turnkey/api-key-stamper runtime", async () => {
    const payload = V.stamps.cases[1].payloadToSign as string;
    const high = parseWalletStamp(createWalletStamp(payload, V.stamps.sessionPrivateKeyHex, { highS: true }));
    expect(high.ok && verifyWalletStamp(high, payload)).toBe(true);
    for (const runtimeOverride of ["node", "browser", "purejs"] as const) {
      const stamper = new ApiKeyStamper({ apiPublicKey: V.stamps.sessionPublicKeyCompressedHex, apiPrivateKey: V.stamps.sessionPrivateKeyHex, runtimeOverride });
      const { stampHeaderValue } = await stamper.stamp(payload);
      const parsed = parseWalletStamp(stampHeaderValue);
      expect(parsed.ok && verifyWalletStamp(parsed, payload)).toBe(true);
      if (parsed.ok) expect(await verifyStampSignature(parsed.publicKeyHex, parsed.signatureHex, payload)).toBe(true);
    }
  });

  it("rejects malformed stamps with a reason", () => {
    const b64 = (s: string) => Buffer.from(s).toString("base64url");
    const good = JSON.parse(V.stamps.cases[0].deterministicStampJson);
    expect(parseWalletStamp("%%%").ok).toBe(false);
    expect(parseWalletStamp(b64("not json")).ok).toBe(false);
    expect(parseWalletStamp(b64(JSON.stringify({ ...good, scheme: "OTHER" }))).ok).toBe(false);
    expect(parseWalletStamp(b64(JSON.stringify({ ...good, publicKey: V.keys.sessionKey.publicKeyUncompressedHex }))).ok).toBe(false);
    expect(parseWalletStamp(b64(JSON.stringify({ ...good, signature: "3000" }))).ok).toBe(false);
    expect(parseWalletStamp(b64(JSON.stringify(good))).ok).toBe(true);
  });
});

describe("verification token (§2) and wallet export (§3)", () => {
  it("regenerates the verification token, which Turnkey verifyOtpVerificationToken accepts with the override", async () => {
    const token = signVerificationToken(V.verificationToken.claims, keys.enclaveSigner.privateKeyHex);
    expect(token).toBe(V.verificationToken.jwt);
    expect(await verifyOtpVerificationToken(token, keys.enclaveSigner.publicKeyUncompressedHex)).toMatchObject({ public_key: V.verificationToken.claims.public_key });
  });

  it("regenerates the wallet export envelope, which Turnkey decryptExportBundle opens", async () => {
    const w = V.walletExport;
    const bundle = await sealWalletExport({
      clientPublicKey65: uncompressed(w.clientPublicKey),
      secret: w.plaintextMnemonic,
      organizationId: w.organizationId,
      enclavePrivateKeyHex: keys.enclaveSigner.privateKeyHex,
      ephemeralPrivateKeyHex: w.ephemeralPrivateKeyHex,
    });
    expect(bundle).toBe(w.encryptedWalletCredentials);
    const mnemonic = await decryptExportBundle({
      exportBundle: bundle,
      embeddedKey: w.clientPrivateKeyHex,
      organizationId: w.organizationId,
      dangerouslyOverrideSignerPublicKey: keys.enclaveSigner.publicKeyUncompressedHex,
      returnMnemonic: true,
    });
    expect(mnemonic).toBe(w.plaintextMnemonic);
  });

  it("signs envelopes over the hex-decoded data bytes", () => {
    const env = JSON.parse(signEnclaveEnvelope('{"a":1}', keys.enclaveSigner.privateKeyHex));
    expect(Buffer.from(env.data, "hex").toString()).toBe('{"a":1}');
    expect(env.enclaveQuorumPublic).toBe(keys.enclaveSigner.publicKeyUncompressedHex);
  });
});
