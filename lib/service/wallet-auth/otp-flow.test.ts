import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptOtpCodeToBundle, verifyOtpVerificationToken } from "@turnkey/crypto";
import { createTestApp, type TestApp } from "../testing/test-app";
import { newClientKey, stamp, walletFixture } from "./wallet-auth-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("embedded wallet birth and GET /config", () => {
  it("creates the wallet with one EMAIL_OTP credential named after the customer's email", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet({ email: "jane.birth@example.com" });
    const creds = await f.credentials(w.accountId);
    expect(creds).toEqual([
      { id: expect.stringMatching(/^AuthMethod:/), accountId: w.accountId, type: "EMAIL_OTP", nickname: "jane.birth@example.com", createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
  });

  it("GET /config returns the same persisted uncompressed walletEnclavePublicKey every time", async () => {
    const f = await walletFixture(t);
    expect(f.enclavePublicKey).toMatch(/^04[0-9a-f]{128}$/);
    const again = await t.call("GET", "/config", { auth: f.auth });
    expect(again.json.walletEnclavePublicKey).toBe(f.enclavePublicKey);
    const other = await walletFixture(t);
    expect(other.enclavePublicKey).not.toBe(f.enclavePublicKey);
  });

  it("GET /auth/credentials: 404 for an account that is not an embedded wallet, 400 without accountId", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const usd = await t.db.internalAccount.findFirstOrThrow({ where: { platformId: f.platformId, customerId: w.customerId.replace("Customer:", ""), type: { not: "EMBEDDED_WALLET" } } });
    expect((await t.call("GET", `/auth/credentials?accountId=InternalAccount:${usd.id}`, { auth: f.auth })).status).toBe(404);
    expect((await t.call("GET", "/auth/credentials", { auth: f.auth })).status).toBe(400);
  });
});

describe("EMAIL_OTP challenge and verify with the reference client", () => {
  it("issues a bundle signed by the enclave key, opens the client's bundle, and issues a session for the bundle key on the signed retry", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const challenge = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    expect(challenge.status).toBe(200);
    expect(challenge.json).toMatchObject({ id: cred!.id, type: "EMAIL_OTP", nickname: w.email });
    const bundle = JSON.parse(challenge.json.otpEncryptionTargetBundle);
    expect(bundle).toMatchObject({ version: "v1.0.0", enclaveQuorumPublic: f.enclavePublicKey });
    expect(JSON.parse(Buffer.from(bundle.data, "hex").toString()).targetPublic).toMatch(/^04[0-9a-f]{128}$/);

    const key = newClientKey();
    // @turnkey/crypto verifies the bundle signature against the override key.
    const encryptedOtpBundle = await encryptOtpCodeToBundle("000000", challenge.json.otpEncryptionTargetBundle, key.publicKey, f.enclavePublicKey);
    const body = { type: "EMAIL_OTP", encryptedOtpBundle };
    const first = await t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, body });
    expect(first.status).toBe(202);
    expect(first.json.type).toBe("EMAIL_OTP");
    const claims = await verifyOtpVerificationToken(first.json.payloadToSign, f.enclavePublicKey);
    expect(claims).toMatchObject({ public_key: key.publicKey, contact: w.email, id: first.json.requestId, verification_type: "OTP_TYPE_EMAIL" });

    const second = await t.call("POST", `/auth/credentials/${cred!.id}/verify`, {
      auth: f.auth,
      body,
      headers: { "Service-Wallet-Signature": await stamp(first.json.payloadToSign, key), "Request-Id": first.json.requestId },
    });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ id: expect.stringMatching(/^Session:/), accountId: w.accountId, type: "EMAIL_OTP", nickname: w.email, expiresAt: expect.any(String) });
    expect(second.json.encryptedSessionSigningKey).toBeUndefined();
    expect(new Date(second.json.expiresAt).getTime() - new Date(second.json.createdAt).getTime()).toBe(15 * 60 * 1000);
    const row = await t.db.walletAuthSession.findUniqueOrThrow({ where: { id: second.json.id.replace("Session:", "") } });
    expect(row.publicKeyHex).toBe(key.publicKey);

    const sessions = await t.call("GET", `/auth/sessions?accountId=${w.accountId}`, { auth: f.auth });
    expect(sessions.json.data.map((s: { id: string }) => s.id)).toEqual([second.json.id]);
    expect(sessions.json.data[0].encryptedSessionSigningKey).toBeUndefined();
  });

  it("accepts an uncompressed public_key in the bundle and normalises the session key to compressed", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const challenge = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    const key = newClientKey();
    const encryptedOtpBundle = await encryptOtpCodeToBundle("000000", challenge.json.otpEncryptionTargetBundle, key.publicKeyUncompressed, f.enclavePublicKey);
    const { second } = await f.signed("POST", `/auth/credentials/${cred!.id}/verify`, { type: "EMAIL_OTP", encryptedOtpBundle }, key);
    expect(second.status).toBe(200);
    expect((await t.db.walletAuthSession.findUniqueOrThrow({ where: { id: second.json.id.replace("Session:", "") } })).publicKeyHex).toBe(key.publicKey);
  });

  it("5 wrong codes, each 401, then the challenge answers 429 with Retry-After even to the right code; a new code works", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const issuedAt = Date.now();
    const first = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    const key = newClientKey();
    const verify = async (code: string, bundle: string) =>
      t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, body: { type: "EMAIL_OTP", encryptedOtpBundle: await encryptOtpCodeToBundle(code, bundle, key.publicKey, f.enclavePublicKey) } });
    for (const code of ["111111", "222222", "333333", "444444", "555555"]) {
      const wrong = await verify(code, first.json.otpEncryptionTargetBundle);
      expect([wrong.status, wrong.json.reason]).toEqual([401, "Invalid OTP code"]);
    }
    const blocked = await verify("000000", first.json.otpEncryptionTargetBundle);
    expect([blocked.status, blocked.json.code]).toEqual([429, "RATE_LIMITED"]);
    // The 30 s count from the code's issue on the platform clock, which runs with the wall clock:
    // on a loaded machine the wrong guesses take seconds of it.
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(retryAfter).toBeGreaterThanOrEqual(30 - Math.ceil((Date.now() - issuedAt) / 1000));
    expect(blocked.json.message).toContain("POST /auth/credentials/{id}/challenge");

    await f.advance(31);
    const fresh = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    expect(fresh.status).toBe(200);
    expect((await verify("000000", fresh.json.otpEncryptionTargetBundle)).status).toBe(202);
  });

  it("401 'Invalid OTP code' for another code; 400 for a malformed bundle; 401 for a bundle to another target; 401 without a challenge", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const noChallenge = await t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, body: { type: "EMAIL_OTP", encryptedOtpBundle: "{}" } });
    expect(noChallenge.status).toBe(401);
    expect(noChallenge.json).toMatchObject({ code: "UNAUTHORIZED", reason: "no active OTP challenge" });

    const old = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    await f.advance(31);
    const challenge = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    const key = newClientKey();
    const verify = (encryptedOtpBundle: unknown) => t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, body: { type: "EMAIL_OTP", encryptedOtpBundle } });

    const wrong = await verify(await encryptOtpCodeToBundle("123456", challenge.json.otpEncryptionTargetBundle, key.publicKey, f.enclavePublicKey));
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ code: "UNAUTHORIZED", message: "Invalid OTP code", reason: "Invalid OTP code" });

    const malformed = await verify("not json at all");
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe("INVALID_INPUT");
    expect(malformed.json.details.errors[0].field).toBe("encryptedOtpBundle");
    const asObject = await verify({ encappedPublic: "04", ciphertext: "00" });
    expect(asObject.status).toBe(400);

    // encrypted to the superseded target key: the server cannot open it
    const stale = await verify(await encryptOtpCodeToBundle("000000", old.json.otpEncryptionTargetBundle, key.publicKey, f.enclavePublicKey));
    expect(stale.status).toBe(401);
    expect(stale.json.reason).toBe("OTP bundle decryption failed");

    // the current target still works after those failures
    const ok = await verify(await encryptOtpCodeToBundle("000000", challenge.json.otpEncryptionTargetBundle, key.publicKey, f.enclavePublicKey));
    expect(ok.status).toBe(202);
  });

  it("an OTP code is used once, even by verifies racing each other: one 202 with a verification token, the others 401", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const challenge = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    // Five clients (say the user and someone who saw the code) each send the code under their own key at once.
    const bundles = await Promise.all(Array.from({ length: 5 }, () => encryptOtpCodeToBundle("000000", challenge.json.otpEncryptionTargetBundle, newClientKey().publicKey, f.enclavePublicKey)));
    const results = await Promise.all(bundles.map((encryptedOtpBundle) => t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, body: { type: "EMAIL_OTP", encryptedOtpBundle } })));
    expect(results.map((r) => r.status).sort()).toEqual([202, 401, 401, 401, 401]);
    for (const r of results.filter((r) => r.status === 401)) expect(r.json.code).toBe("UNAUTHORIZED");
    expect(await t.db.walletSignedRequest.count({ where: { platformId: f.platformId, operation: `OTP_VERIFY:${cred!.id.replace("AuthMethod:", "")}` } })).toBe(1);
  });

  it("the retry must be signed by the bundle's key, and the verify body must be repeated", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const challenge = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    const key = newClientKey();
    const body = { type: "EMAIL_OTP", encryptedOtpBundle: await encryptOtpCodeToBundle("000000", challenge.json.otpEncryptionTargetBundle, key.publicKey, f.enclavePublicKey) };
    const first = await t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, body });
    const retry = async (signWith: typeof key, retryBody: unknown = body) =>
      t.call("POST", `/auth/credentials/${cred!.id}/verify`, {
        auth: f.auth,
        body: retryBody,
        headers: { "service-wallet-signature": await stamp(first.json.payloadToSign, signWith), "request-id": first.json.requestId },
      });
    const otherKey = await retry(newClientKey());
    expect(otherKey.status).toBe(401);
    expect(otherKey.json.code).toBe("WALLET_SIGNATURE_INVALID");
    const otherBody = await retry(key, { type: "EMAIL_OTP", encryptedOtpBundle: "{}" });
    expect(otherBody.status).toBe(401);
    expect(otherBody.json.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");
    expect((await retry(key)).status).toBe(200);
    const replay = await retry(key);
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ code: "WALLET_SIGNATURE_INVALID", reason: "requestId already used" });
  });

  it("rate limits OTP re-issue: 429 with Retry-After within 30 s of sandbox time, then a fresh code", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    expect((await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth })).status).toBe(200);
    await f.advance(10);
    const limited = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(19);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(20);
    await f.advance(21);
    expect((await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth })).status).toBe(200);
  });

  it("a code shorter-lived than 30 s: once it expired, verify says to call challenge and challenge issues a new code (walk-time t_wallet5)", async () => {
    const f = await walletFixture(t);
    expect((await t.call("PATCH", "/config", { auth: f.auth, body: { embeddedWalletConfig: { expirationSeconds: 10 } } })).status).toBe(200);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const verify = async (bundle: string) =>
      t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, body: { type: "EMAIL_OTP", encryptedOtpBundle: await encryptOtpCodeToBundle("000000", bundle, newClientKey().publicKey, f.enclavePublicKey) } });
    const first = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    expect(first.status).toBe(200);
    await f.advance(5);
    const early = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    // the wait never outlasts the code: 5 s left of its 10 s, not 25 s of the 30 s
    expect([early.status, early.headers.get("retry-after")]).toEqual([429, "5"]);
    await f.advance(6);
    const expired = await verify(first.json.otpEncryptionTargetBundle);
    expect([expired.status, expired.json.reason]).toEqual([401, "no active OTP challenge"]);
    const fresh = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    expect(fresh.status, fresh.text).toBe(200);
    expect((await verify(fresh.json.otpEncryptionTargetBundle)).status).toBe(202);
    // that code is used now: a new one at once, as verify's "already used; call challenge" says
    expect((await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth })).status).toBe(200);
  });

  it("a code spent by 5 wrong guesses still holds the 30 s; verify's Retry-After is when challenge issues again", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const first = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    const verify = async (code: string) =>
      t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, body: { type: "EMAIL_OTP", encryptedOtpBundle: await encryptOtpCodeToBundle(code, first.json.otpEncryptionTargetBundle, newClientKey().publicKey, f.enclavePublicKey) } });
    for (const code of ["111111", "222222", "333333", "444444", "555555"]) expect((await verify(code)).status).toBe(401);
    await f.advance(20);
    const blocked = await verify("000000");
    expect([blocked.status, blocked.json.code]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(10);
    const limited = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toContain("accepts no more");
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(10);
    await f.advance(Number(blocked.headers.get("retry-after")));
    expect((await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth })).status).toBe(200);
  });

  it("concurrent OTP challenges: one 200 with a code, the others 429; one challenge is live", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const results = await Promise.all(Array.from({ length: 5 }, () => t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
    for (const r of results.filter((r) => r.status === 429)) expect(r.json.code).toBe("RATE_LIMITED");
    expect(await t.db.walletOtpChallenge.count({ where: { authMethodId: cred!.id.replace("AuthMethod:", ""), consumedAt: null } })).toBe(1);
  });

  it("the OTP target key expires with the challenge", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const challenge = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    await f.advance(301);
    const key = newClientKey();
    const res = await t.call("POST", `/auth/credentials/${cred!.id}/verify`, {
      auth: f.auth,
      body: { type: "EMAIL_OTP", encryptedOtpBundle: await encryptOtpCodeToBundle("000000", challenge.json.otpEncryptionTargetBundle, key.publicKey, f.enclavePublicKey) },
    });
    expect(res.status).toBe(401);
    expect(res.json.reason).toBe("no active OTP challenge");
  });

  it("verify with a type other than the credential's → 400; unknown credential → 404", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const res = await t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, body: { type: "SMS_OTP", encryptedOtpBundle: "{}" } });
    expect(res.status).toBe(400);
    expect(res.json.details.errors[0].field).toBe("type");
    const missing = await t.call("POST", `/auth/credentials/AuthMethod:00000000-0000-7000-8000-000000000000/challenge`, { auth: f.auth });
    expect(missing.status).toBe(404);
  });
});
