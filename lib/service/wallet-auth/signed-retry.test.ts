import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptExportBundle } from "@turnkey/crypto";
import { createWalletStamp } from "../crypto/wallet-stamp";
import { createTestApp, type TestApp } from "../testing/test-app";
import { newClientKey, stamp, walletFixture } from "./wallet-auth-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const b64 = (s: string) => Buffer.from(s).toString("base64url");

describe("the signed retry (PATCH /internal-accounts/{id} as the example flow)", () => {
  it("updates wallet privacy on a retry stamped by an active session; the 202 payload is the peer's activity shape", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const { key } = await f.otpLogin(w.accountId);
    const { first, second } = await f.signed("PATCH", `/internal-accounts/${w.accountId}`, { privateEnabled: true }, key);
    const payload = JSON.parse(first.json.payloadToSign);
    expect(Object.keys(payload)).toEqual(["organizationId", "parameters", "timestampMs", "type"]);
    expect(payload).toMatchObject({ type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", organizationId: w.accountId, parameters: { requestId: first.json.requestId, signWith: w.accountId } });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ id: w.accountId, type: "EMBEDDED_WALLET", privateEnabled: true });
    expect((await t.db.internalAccount.findUniqueOrThrow({ where: { id: w.uuid } })).privateEnabled).toBe(true);
  });

  it("answers every failure code, and the requestId stays usable after a failed retry", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const { key } = await f.otpLogin(w.accountId);
    const path = `/internal-accounts/${w.accountId}`;
    const body = { privateEnabled: true };
    const first = await t.call("PATCH", path, { auth: f.auth, body });
    const good = await stamp(first.json.payloadToSign, key);
    const retry = (headers: Record<string, string>, retryBody: unknown = body, retryPath = path) => t.call("PATCH", retryPath, { auth: f.auth, body: retryBody, headers });
    const expectCode = async (p: ReturnType<typeof retry>, status: number, code: string) => {
      const res = await p;
      expect(res.status, res.text).toBe(status);
      expect(res.json.code).toBe(code);
      return res;
    };

    await expectCode(retry({ "service-wallet-signature": good }), 401, "REQUEST_ID_MISSING");
    await expectCode(retry({ "request-id": first.json.requestId }), 401, "WALLET_SIGNATURE_MISSING");
    await expectCode(retry({ "service-wallet-signature": "!!not base64!!", "request-id": first.json.requestId }), 401, "WALLET_SIGNATURE_MALFORMED");
    await expectCode(retry({ "service-wallet-signature": b64("{}"), "request-id": first.json.requestId }), 401, "WALLET_SIGNATURE_MALFORMED");
    const stampJson = JSON.parse(Buffer.from(good, "base64url").toString());
    await expectCode(retry({ "service-wallet-signature": b64(JSON.stringify({ ...stampJson, publicKey: key.publicKeyUncompressed })), "request-id": first.json.requestId }), 401, "WALLET_SIGNATURE_MALFORMED");
    await expectCode(retry({ "service-wallet-signature": b64(JSON.stringify({ ...stampJson, scheme: "SIGNATURE_SCHEME_OTHER" })), "request-id": first.json.requestId }), 401, "WALLET_SIGNATURE_MALFORMED");
    const other = await expectCode(retry({ "service-wallet-signature": await stamp(first.json.payloadToSign, newClientKey()), "request-id": first.json.requestId }), 401, "WALLET_SIGNATURE_INVALID");
    expect(other.json.message).toMatch(/^Invalid Service-Wallet-Signature: its publicKey was never a session key of InternalAccount:/);
    await expectCode(retry({ "service-wallet-signature": await stamp(`${first.json.payloadToSign} `, key), "request-id": first.json.requestId }), 401, "WALLET_SIGNATURE_INVALID");
    await expectCode(retry({ "service-wallet-signature": "anything-else", "request-id": first.json.requestId }), 401, "WALLET_SIGNATURE_MALFORMED");
    // a signature by the right key, over the payload, but the body was modified
    await expectCode(retry({ "service-wallet-signature": good, "request-id": first.json.requestId }, { privateEnabled: false }), 401, "WALLET_SIGNATURE_BODY_MISMATCH");
    await expectCode(retry({ "service-wallet-signature": good, "request-id": "Request:00000000-0000-7000-8000-000000000000" }), 401, "WALLET_SIGNATURE_INVALID");

    const ok = await retry({ "service-wallet-signature": good, "request-id": first.json.requestId });
    expect(ok.status).toBe(200);
    const replay = await expectCode(retry({ "service-wallet-signature": good, "request-id": first.json.requestId }), 401, "WALLET_SIGNATURE_INVALID");
    expect(replay.json.reason).toBe("requestId already used");
  });

  it("a requestId expires after 5 minutes of sandbox time", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const path = `/internal-accounts/${w.accountId}`;
    const first = await t.call("PATCH", path, { auth: f.auth, body: { privateEnabled: true } });
    const expiresAt = new Date(first.json.expiresAt).getTime();
    await f.advance(301);
    const { key } = await f.otpLogin(w.accountId);
    const res = await t.call("PATCH", path, { auth: f.auth, body: { privateEnabled: true }, headers: { "service-wallet-signature": await stamp(first.json.payloadToSign, key), "request-id": first.json.requestId } });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: "WALLET_SIGNATURE_INVALID", reason: "requestId expired" });
    expect(expiresAt).toBeGreaterThan(0);
  });

  it("refuses another wallet's session, a revoked session and an expired session; accepts the legacy literal and high-S stamps", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const other = await f.wallet();
    const mine = await f.otpLogin(w.accountId);
    const theirs = await f.otpLogin(other.accountId);
    const path = `/internal-accounts/${w.accountId}`;

    const foreign = await f.signed("PATCH", path, { privateEnabled: true }, theirs.key);
    expect(foreign.second.status).toBe(401);
    // walk-wallet W5: a key that never was a session here, a revoked session and an expired one each say which
    expect(foreign.second.json).toMatchObject({ code: "WALLET_SIGNATURE_INVALID", reason: "stamp key is not a session of this wallet" });
    expect(foreign.second.json.message).toContain(`was never a session key of ${w.accountId};`);

    // a requestId issued for another wallet's path: the retry must repeat that request
    const pendingOther = await t.call("PATCH", `/internal-accounts/${other.accountId}`, { auth: f.auth, body: { privateEnabled: true } });
    const crossed = await t.call("PATCH", path, { auth: f.auth, body: { privateEnabled: true }, headers: { "service-wallet-signature": await stamp(pendingOther.json.payloadToSign, mine.key), "request-id": pendingOther.json.requestId } });
    expect(crossed.status).toBe(401);
    expect(crossed.json.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");

    const legacy = await f.signed("PATCH", path, { privateEnabled: true }, null);
    expect(legacy.second.status).toBe(200);

    const first = await t.call("PATCH", path, { auth: f.auth, body: { privateEnabled: false } });
    const highS = createWalletStamp(first.json.payloadToSign, mine.key.privateKey, { highS: true });
    const high = await t.call("PATCH", path, { auth: f.auth, body: { privateEnabled: false }, headers: { "service-wallet-signature": highS, "request-id": first.json.requestId } });
    expect(high.status).toBe(200);
    expect(high.json.privateEnabled).toBe(false);

    // revoke my session (signed by itself), then it can no longer sign
    const revoke = await f.signed("DELETE", `/auth/sessions/${mine.session.id}`, undefined, mine.key);
    // the 202 is an AuthSignedRequestChallenge: it names the session's credential type (SPEC.md "Signed-retry challenge")
    expect(revoke.first.json.type).toBe("EMAIL_OTP");
    expect(revoke.second.status).toBe(204);
    const afterRevoke = await f.signed("PATCH", path, { privateEnabled: true }, mine.key);
    expect(afterRevoke.second.status).toBe(401);
    expect(afterRevoke.second.json).toMatchObject({ code: "WALLET_SIGNATURE_INVALID", reason: "session revoked" });
    expect(afterRevoke.second.json.message).toMatch(new RegExp(`^Session ${mine.session.id}, whose key made this stamp, was revoked at \\d{4}-.*; verify a credential for a new session`));
    // walk-wallet W8: revoking it again is an idempotent 204, with nothing to sign
    const revokeAgain = await t.call("DELETE", `/auth/sessions/${mine.session.id}`, { auth: f.auth });
    expect([revokeAgain.status, revokeAgain.text]).toEqual([204, ""]);
    expect((await t.call("DELETE", "/auth/sessions/Session:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10", { auth: f.auth })).status).toBe(404);

    // sessions expire after 15 minutes (a new code needs 30 s since the last one)
    await f.advance(31);
    const fresh = await f.otpLogin(w.accountId);
    await f.advance(15 * 60 + 1);
    const expired = await f.signed("PATCH", path, { privateEnabled: true }, fresh.key);
    expect(expired.second.status).toBe(401);
    expect(expired.second.json).toMatchObject({ code: "WALLET_SIGNATURE_INVALID", reason: "session expired" });
    expect(expired.second.json.message).toContain(`Session ${fresh.session.id}, whose key made this stamp, expired at ${fresh.session.expiresAt}; verify a credential for a new session`);
    expect((await t.call("GET", `/auth/sessions?accountId=${w.accountId}`, { auth: f.auth })).json.data).toEqual([]);
  });
});

describe("concurrency and permissions", () => {
  it("two concurrent retries with one requestId: exactly one succeeds, the other gets 401", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const { key } = await f.otpLogin(w.accountId);
    const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" };
    const first = await t.call("POST", "/auth/delegated-keys", { auth: f.auth, body });
    const headers = { "service-wallet-signature": await stamp(first.json.payloadToSign, key), "request-id": first.json.requestId };
    const results = await Promise.all([1, 2, 3].map(() => t.call("POST", "/auth/delegated-keys", { auth: f.auth, body, headers })));
    // delegated keys: the signed leg 2 creates the PENDING key and answers the next challenge
    expect(results.map((r) => r.status).sort()).toEqual([202, 401, 401]);
    expect(await t.db.walletDelegatedKey.count({ where: { platformId: f.platformId } })).toBe(1);
  });

  it("concurrent revokes of one session, each with its own requestId: all 204 (idempotent), revoked once", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const target = await f.otpLogin(w.accountId);
    await f.advance(31); // past the OTP re-issue limit
    const signer = await f.otpLogin(w.accountId);
    const path = `/auth/sessions/${target.session.id}`;
    const firsts = await Promise.all(Array.from({ length: 5 }, () => t.call("DELETE", path, { auth: f.auth })));
    expect(firsts.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    const headers = await Promise.all(firsts.map(async (r) => ({ "service-wallet-signature": await stamp(r.json.payloadToSign, signer.key), "request-id": r.json.requestId as string })));
    const results = await Promise.all(headers.map((h) => t.call("DELETE", path, { auth: f.auth, headers: h })));
    expect(results.map((r) => r.status)).toEqual([204, 204, 204, 204, 204]);
    const row = await t.db.walletAuthSession.findUniqueOrThrow({ where: { id: target.session.id.replace("Session:", "") } });
    expect(row.revokedAt).not.toBeNull();
  });

  it("writes need TRANSACT (403), reads need VIEW", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const viewer = await f.tokenWith(["VIEW"]);
    const write = await t.call("PATCH", `/internal-accounts/${w.accountId}`, { auth: viewer, body: { privateEnabled: true } });
    expect(write.status).toBe(403);
    expect((await t.call("GET", `/auth/credentials?accountId=${w.accountId}`, { auth: viewer })).status).toBe(200);
    expect((await t.call("GET", `/auth/sessions?accountId=${w.accountId}`, { auth: await f.tokenWith(["TRANSACT"]) })).status).toBe(403);
  });
});

describe("sessions: refresh", () => {
  it("refreshes an active session into a new sealed session (202 → 201); an expired one → 401", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const otp = await f.otpLogin(w.accountId);
    const client = newClientKey();
    const { first, second } = await f.signed("POST", `/auth/sessions/${otp.session.id}/refresh`, { clientPublicKey: client.publicKey }, otp.key);
    expect(JSON.parse(first.json.payloadToSign)).toMatchObject({ type: "ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2", parameters: { targetPublicKey: client.publicKey } });
    expect(second.status).toBe(201);
    expect(second.json).toMatchObject({ id: expect.stringMatching(/^Session:/), type: "EMAIL_OTP", encryptedSessionSigningKey: expect.any(String) });
    expect(second.json.id).not.toBe(otp.session.id);
    const refreshedKey = f.openSessionKey(second.json.encryptedSessionSigningKey, client);
    expect((await f.signed("PATCH", `/internal-accounts/${w.accountId}`, { privateEnabled: true }, refreshedKey)).second.status).toBe(200);

    // a different clientPublicKey on the retry is another request
    const changed = await f.signed("POST", `/auth/sessions/${otp.session.id}/refresh`, { clientPublicKey: client.publicKey }, otp.key, { retryBody: { clientPublicKey: newClientKey().publicKey } });
    expect(changed.second.status).toBe(401);
    expect(changed.second.json.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");

    await f.advance(16 * 60);
    const expired = await t.call("POST", `/auth/sessions/${otp.session.id}/refresh`, { auth: f.auth, body: { clientPublicKey: client.publicKey } });
    expect(expired.status).toBe(401);
    expect(expired.json.reason).toBe("session expired or revoked");
    const badBody = await t.call("POST", `/auth/sessions/${otp.session.id}/refresh`, { auth: f.auth, body: {} });
    expect(badBody.status).toBe(400);
  });
});

describe("clientPublicKey off the curve → 400 on the first leg, before any 202", () => {
  const errorsOf = (res: { json: { details: { errors: unknown[] } } }) => res.json.details.errors;

  it("POST /auth/sessions/{id}/refresh", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const otp = await f.otpLogin(w.accountId);
    for (const clientPublicKey of ["02" + "ff".repeat(32), "04" + "11".repeat(64)]) {
      const res = await t.call("POST", `/auth/sessions/${otp.session.id}/refresh`, { auth: f.auth, body: { clientPublicKey } });
      expect(res.status, res.text).toBe(400);
      expect(res.json.code).toBe("INVALID_INPUT");
      expect(errorsOf(res)).toEqual([{ field: "clientPublicKey", message: "must be a compressed (33-byte, 02/03 prefix) or uncompressed (65-byte, 04 prefix) P-256 public key in hex that lies on the curve", constraint: expect.objectContaining({ curve: "P-256" }) }]);
    }
    expect(await t.db.walletSignedRequest.count({ where: { platformId: f.platformId, operation: "REFRESH_SESSION" } })).toBe(0);
  });

  it("POST /internal-accounts/{id}/export (uncompressed keys only)", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const offCurve = await t.call("POST", `/internal-accounts/${w.accountId}/export`, { auth: f.auth, body: { clientPublicKey: "04" + "11".repeat(64) } });
    expect(offCurve.status, offCurve.text).toBe(400);
    expect(offCurve.json.code).toBe("INVALID_INPUT");
    expect(errorsOf(offCurve)).toEqual([{ field: "clientPublicKey", message: "must be an uncompressed (65-byte, 04 prefix) P-256 public key in hex that lies on the curve", constraint: expect.objectContaining({ curve: "P-256" }) }]);
    const compressed = await t.call("POST", `/internal-accounts/${w.accountId}/export`, { auth: f.auth, body: { clientPublicKey: newClientKey().publicKey } });
    expect(errorsOf(compressed)).toEqual([expect.objectContaining({ field: "clientPublicKey", message: "must be an uncompressed (65-byte, 04 prefix) P-256 public key in hex that lies on the curve" })]);
    expect(await t.db.walletSignedRequest.count({ where: { platformId: f.platformId, operation: "EXPORT_WALLET" } })).toBe(0);
  });
});

describe("POST /internal-accounts/{id}/export", () => {
  it("seals the wallet mnemonic to the client key; @turnkey/crypto decryptExportBundle opens it with the enclave key", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const { key } = await f.otpLogin(w.accountId);
    const client = newClientKey();
    const { first, second } = await f.signed("POST", `/internal-accounts/${w.accountId}/export`, { clientPublicKey: client.publicKeyUncompressed }, key);
    expect(JSON.parse(first.json.payloadToSign)).toMatchObject({ type: "ACTIVITY_TYPE_EXPORT_WALLET", parameters: { targetPublicKey: client.publicKeyUncompressed, walletId: w.accountId } });
    expect(second.status).toBe(200);
    expect(second.json.id).toBe(w.accountId);
    const mnemonic = await decryptExportBundle({
      exportBundle: second.json.encryptedWalletCredentials,
      embeddedKey: client.privateKey,
      organizationId: w.accountId,
      dangerouslyOverrideSignerPublicKey: f.enclavePublicKey,
      returnMnemonic: true,
    });
    expect(mnemonic.split(" ")).toHaveLength(24);

    // the same secret every time; the retry must repeat the same key
    const again = await f.signed("POST", `/internal-accounts/${w.accountId}/export`, { clientPublicKey: client.publicKeyUncompressed }, key);
    const mnemonic2 = await decryptExportBundle({ exportBundle: again.second.json.encryptedWalletCredentials, embeddedKey: client.privateKey, organizationId: w.accountId, dangerouslyOverrideSignerPublicKey: f.enclavePublicKey, returnMnemonic: true });
    expect(mnemonic2).toBe(mnemonic);
    const switched = await f.signed("POST", `/internal-accounts/${w.accountId}/export`, { clientPublicKey: client.publicKeyUncompressed }, key, { retryBody: { clientPublicKey: newClientKey().publicKeyUncompressed } });
    expect(switched.second.status).toBe(401);
    expect(switched.second.json.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");
    const compressed = await t.call("POST", `/internal-accounts/${w.accountId}/export`, { auth: f.auth, body: { clientPublicKey: client.publicKey } });
    expect(compressed.status).toBe(400);
  });

  it("404 for accounts that are not embedded wallets", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const usd = await t.db.internalAccount.findFirstOrThrow({ where: { platformId: f.platformId, customerId: w.customerId.replace("Customer:", ""), type: { not: "EMBEDDED_WALLET" } } });
    const res = await t.call("PATCH", `/internal-accounts/InternalAccount:${usd.id}`, { auth: f.auth, body: { privateEnabled: true } });
    expect(res.status).toBe(404);
    // GET on the same path still belongs to the internal-accounts router
    expect((await t.call("GET", `/internal-accounts/${w.accountId}`, { auth: f.auth })).status).toBe(200);
  });
});
