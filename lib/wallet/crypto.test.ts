import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hexToBytes } from "@noble/hashes/utils.js";
import { decodeStamp, encryptOtpBundle, hpkeOpen, keyPairFromPrivate, oidcNonce, openSessionKey, openWalletExport, stampPayload, verifyStamp, verifyTargetBundle, generateKeyPair } from "./crypto";

const V = JSON.parse(readFileSync(new URL("../../../shared/reference/wallet-vectors.json", import.meta.url), "utf8"));
const enclave = V.keys.enclaveSigner.publicKeyUncompressedHex as string;

describe("keys", () => {
  it("derives both public forms of every vector key", () => {
    for (const key of Object.values(V.keys) as { privateKeyHex: string; publicKeyCompressedHex: string; publicKeyUncompressedHex: string }[]) {
      expect(keyPairFromPrivate(key.privateKeyHex)).toEqual({ privateKey: key.privateKeyHex, publicKey: key.publicKeyCompressedHex, publicKeyUncompressed: key.publicKeyUncompressedHex });
    }
  });
  it("generates fresh P-256 key pairs", () => {
    const a = generateKeyPair();
    expect(a.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(a.privateKey).not.toBe(generateKeyPair().privateKey);
  });
});

describe("otpEncryptionTargetBundle check", () => {
  it("accepts the vector bundle against the enclave key and reads targetPublic", () => {
    expect(verifyTargetBundle(V.otp.otpEncryptionTargetBundle, enclave).targetPublic).toBe(V.keys.otpTarget.publicKeyUncompressedHex);
  });
  it("refuses a bundle claiming another signer, a tampered data field, or a bad signature", () => {
    expect(() => verifyTargetBundle(V.otp.otpEncryptionTargetBundle, V.keys.tek.publicKeyUncompressedHex)).toThrow(/not signed by the wallet enclave key/);
    const bundle = JSON.parse(V.otp.otpEncryptionTargetBundle);
    const swapped = { ...bundle, data: Buffer.from(JSON.stringify({ targetPublic: V.keys.tek.publicKeyUncompressedHex })).toString("hex") };
    expect(() => verifyTargetBundle(JSON.stringify(swapped), enclave)).toThrow(/signature does not verify/);
    const forged = { ...bundle, dataSignature: bundle.dataSignature.replace(/.$/, (c: string) => (c === "0" ? "1" : "0")) };
    expect(() => verifyTargetBundle(JSON.stringify(forged), enclave)).toThrow(/signature does not verify/);
    expect(() => verifyTargetBundle("not json", enclave)).toThrow(/not valid JSON/);
  });
});

describe("encryptedOtpBundle", () => {
  it("reproduces the deterministic vector byte for byte", async () => {
    const out = await encryptOtpBundle("000000", V.otp.otpEncryptionTargetBundle, V.keys.tek.publicKeyUncompressedHex, enclave, V.otp.deterministicFromServer.ephemeralPrivateKeyHex);
    expect(out).toBe(V.otp.deterministicFromServer.encryptedOtpBundle);
  });
  it("a random bundle opens with the target key to {otp_code, public_key}", async () => {
    const tek = keyPairFromPrivate(V.keys.tek.privateKeyHex);
    const out = JSON.parse(await encryptOtpBundle("000000", V.otp.otpEncryptionTargetBundle, tek.publicKey, enclave));
    expect(Object.keys(out)).toEqual(["encappedPublic", "ciphertext"]);
    const pt = await hpkeOpen(V.keys.otpTarget.privateKeyHex, hexToBytes(out.encappedPublic), hexToBytes(out.ciphertext));
    expect(new TextDecoder().decode(pt)).toBe(JSON.stringify({ otp_code: "000000", public_key: tek.publicKey }));
  });
  it("our HPKE opens the Turnkey client's bundle", async () => {
    const b = JSON.parse(V.otp.fromTurnkeyClient.encryptedOtpBundle);
    const pt = await hpkeOpen(V.keys.otpTarget.privateKeyHex, hexToBytes(b.encappedPublic), hexToBytes(b.ciphertext));
    expect(new TextDecoder().decode(pt)).toBe(V.otp.fromTurnkeyClient.serverDecryptResult);
  });
  it("refuses to encrypt to a bundle that fails the signature check", async () => {
    await expect(encryptOtpBundle("000000", V.otp.otpEncryptionTargetBundle, V.keys.tek.publicKeyCompressedHex, V.keys.tek.publicKeyUncompressedHex)).rejects.toThrow(/enclave key/);
  });
});

describe("encryptedSessionSigningKey", () => {
  it("opens the server-sealed and the Turnkey-sealed vectors to the session key", async () => {
    const s = V.sessionKeyBundle;
    expect((await openSessionKey(s.encryptedSessionSigningKey, s.clientPrivateKeyHex)).privateKey).toBe(s.turnkeyDecryptCredentialBundleResult);
    expect((await openSessionKey(s.fromTurnkeySide.encryptedSessionSigningKey, s.clientPrivateKeyHex)).publicKey).toBe(V.keys.sessionKey.publicKeyCompressedHex);
  });
  it("refuses another client's key and a corrupted checksum", async () => {
    const s = V.sessionKeyBundle;
    await expect(openSessionKey(s.encryptedSessionSigningKey, V.keys.tek.privateKeyHex)).rejects.toThrow(/could not be opened/);
    const corrupted = s.encryptedSessionSigningKey.slice(0, -1) + (s.encryptedSessionSigningKey.endsWith("1") ? "2" : "1");
    await expect(openSessionKey(corrupted, s.clientPrivateKeyHex)).rejects.toThrow(/base58check/);
  });
});

describe("stamps (Service-Wallet-Signature)", () => {
  const key = keyPairFromPrivate(V.stamps.sessionPrivateKeyHex);
  for (const c of V.stamps.cases as { name: string; payloadToSign: string; turnkeyStampHeaderValue: string; deterministicStampHeaderValue?: string }[]) {
    it(`${c.name}: matches the deterministic stamp and verifies the Turnkey stamp`, () => {
      const mine = stampPayload(c.payloadToSign, key);
      if (c.deterministicStampHeaderValue) expect(mine).toBe(c.deterministicStampHeaderValue);
      expect(decodeStamp(mine).publicKey).toBe(V.stamps.sessionPublicKeyCompressedHex);
      expect(verifyStamp(mine, c.payloadToSign)).toBe(true);
      expect(verifyStamp(c.turnkeyStampHeaderValue, c.payloadToSign)).toBe(true);
      expect(verifyStamp(mine, `${c.payloadToSign} `)).toBe(false);
    });
  }
});

describe("oidc nonce", () => {
  it("is hex SHA-256 of the clientPublicKey text", () => {
    expect(oidcNonce(V.oauth.clientPublicKey)).toBe(V.oauth.nonce);
    expect(oidcNonce(V.oauth.nonceForUncompressedExampleKey.clientPublicKey)).toBe(V.oauth.nonceForUncompressedExampleKey.nonce);
  });
});

describe("wallet export", () => {
  const w = V.walletExport;
  it("checks the envelope against the enclave key and opens the mnemonic", async () => {
    expect(await openWalletExport(w.encryptedWalletCredentials, w.clientPrivateKeyHex, enclave)).toBe(w.plaintextMnemonic);
  });
  it("refuses another signer, a tampered envelope, and another client key", async () => {
    await expect(openWalletExport(w.encryptedWalletCredentials, w.clientPrivateKeyHex, V.keys.tek.publicKeyUncompressedHex)).rejects.toThrow(/not signed by the wallet enclave key/);
    const env = JSON.parse(w.encryptedWalletCredentials);
    const tampered = JSON.stringify({ ...env, data: env.data.slice(0, -3) + (env.data.endsWith("7d") ? "07d" : "17d") });
    expect(tampered).not.toBe(w.encryptedWalletCredentials);
    await expect(openWalletExport(tampered, w.clientPrivateKeyHex, enclave)).rejects.toThrow(/signature does not verify/);
    await expect(openWalletExport(w.encryptedWalletCredentials, V.keys.tek.privateKeyHex, enclave)).rejects.toThrow(/could not be opened/);
  });
});
