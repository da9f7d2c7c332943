import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { now } from "../sandbox/clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { newClientKey, oidcToken, stamp, walletFixture } from "./wallet-auth-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const nonceFor = (clientPublicKey: string) => createHash("sha256").update(clientPublicKey).digest("hex");

async function tokenFor(platformId: string, claims: Record<string, unknown> = {}) {
  const iat = Math.floor((await now(t.db, platformId)).getTime() / 1000);
  return oidcToken({ iss: "https://accounts.google.com", aud: "client-1", sub: "subject-1", email: "jane@gmail.example", iat, exp: iat + 300, ...claims });
}

describe("POST /auth/credentials: adding credentials is a signed retry", () => {
  it("adds an OAUTH credential: 202 with type and payloadToSign, then 201 when stamped by an active session", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const { key } = await f.otpLogin(w.accountId);
    const body = { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId) };
    const { first, second } = await f.signed("POST", "/auth/credentials", body, key);
    expect(first.json.type).toBe("OAUTH");
    expect(JSON.parse(first.json.payloadToSign)).toMatchObject({ type: "ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS", organizationId: w.accountId, timestampMs: expect.any(String) });
    expect(new Date(first.json.expiresAt).getTime() - (await now(t.db, f.platformId)).getTime()).toBeGreaterThan(4 * 60 * 1000);
    expect(second.status).toBe(201);
    expect(second.json).toMatchObject({ type: "OAUTH", nickname: "jane@gmail.example", accountId: w.accountId });
    expect((await f.credentials(w.accountId)).map((c) => c.type)).toEqual(["EMAIL_OTP", "OAUTH"]);

    // the same identity again: refused on the first leg already
    const dup = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { ...body, oidcToken: await tokenFor(f.platformId) } });
    expect(dup.status).toBe(409);
    expect(dup.json.code).toBe("CONFLICT");
    const otherSubject = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { ...body, oidcToken: await tokenFor(f.platformId, { sub: "subject-2" }) } });
    expect(otherSubject.status).toBe(202);
  });

  it("adds SMS_OTP once (201 with a target bundle), then 400 SMS_OTP_CREDENTIAL_ALREADY_EXISTS; EMAIL_OTP twice → 400", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet({ phoneNumber: "+14155550123" });
    const { key } = await f.otpLogin(w.accountId);
    const { second } = await f.signed("POST", "/auth/credentials", { type: "SMS_OTP", accountId: w.accountId }, key);
    expect(second.status).toBe(201);
    expect(second.json).toMatchObject({ type: "SMS_OTP", nickname: "+14155550123", otpEncryptionTargetBundle: expect.any(String) });
    expect(JSON.parse(Buffer.from(JSON.parse(second.json.otpEncryptionTargetBundle).data, "hex").toString()).targetPublic).toMatch(/^04/);

    // registration sent the first code: a challenge right after is 429, and says to use the registration's bundle (walk-wallet W6)
    const early = await t.call("POST", `/auth/credentials/${second.json.id}/challenge`, { auth: f.auth });
    expect([early.status, early.json.code, early.headers.get("retry-after")]).toEqual([429, "RATE_LIMITED", "30"]);
    expect(early.json.message).toContain("otpEncryptionTargetBundle of that response (the credential's registration, POST /auth/credentials, or the last challenge)");

    // the SMS credential logs in with the bundle it came with
    const sms = await f.otpLogin(w.accountId, { credentialId: second.json.id, skipChallenge: second.json.otpEncryptionTargetBundle });
    expect(sms.session.type).toBe("SMS_OTP");

    const again = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "SMS_OTP", accountId: w.accountId } });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("SMS_OTP_CREDENTIAL_ALREADY_EXISTS");
    const email = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "EMAIL_OTP", accountId: w.accountId } });
    expect(email.status).toBe(400);
    expect(email.json.code).toBe("EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS");
  });

  it("409 EMAIL_OTP_EMAIL_ALREADY_EXISTS when the email is another wallet's EMAIL_OTP credential", async () => {
    const f = await walletFixture(t);
    await f.wallet({ email: "shared@example.com" });
    const b = await f.wallet({ email: null });
    await t.db.customer.update({ where: { id: b.customerId.replace("Customer:", "") }, data: { email: "shared@example.com" } });
    const res = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "EMAIL_OTP", accountId: b.accountId } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("EMAIL_OTP_EMAIL_ALREADY_EXISTS");
    await t.db.customer.update({ where: { id: b.customerId.replace("Customer:", "") }, data: { email: "own@example.com" } });
    const own = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "EMAIL_OTP", accountId: b.accountId } });
    expect(own.status).toBe(201);
    expect(own.json).toMatchObject({ type: "EMAIL_OTP", nickname: "own@example.com", otpEncryptionTargetBundle: expect.any(String) });
  });

  it("two wallets adding the same email at once: one gets it, the other 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS (10 races)", async () => {
    const f = await walletFixture(t);
    for (let race = 0; race < 10; race++) {
      // Wallets born without credentials (no email yet), so each add is immediate (201, no signed retry).
      const [a, b] = [await f.wallet({ email: null }), await f.wallet({ email: null })];
      const email = `race-${race}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      for (const w of [a, b]) await t.db.customer.update({ where: { id: w.customerId.replace("Customer:", "") }, data: { email } });
      const answers = await Promise.all([a, b].map((w) => t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "EMAIL_OTP", accountId: w.accountId } })));
      expect(answers.map((res) => [res.status, res.status === 201 ? "created" : res.json.code]).sort()).toEqual([[201, "created"], [409, "EMAIL_OTP_EMAIL_ALREADY_EXISTS"]]);
      expect(await t.db.walletAuthMethod.count({ where: { type: "EMAIL_OTP", nickname: email, revokedAt: null } })).toBe(1);
    }
  });

  it("an email differing only in case is the same email: 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS", async () => {
    const f = await walletFixture(t);
    const email = `Case-${Math.random().toString(36).slice(2, 8)}@Example.com`;
    await f.wallet({ email });
    const b = await f.wallet({ email: null });
    await t.db.customer.update({ where: { id: b.customerId.replace("Customer:", "") }, data: { email: email.toLowerCase() } });
    const res = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "EMAIL_OTP", accountId: b.accountId } });
    expect([res.status, res.json.code]).toEqual([409, "EMAIL_OTP_EMAIL_ALREADY_EXISTS"]);
  });

  it("a wallet is born with its customer's EMAIL_OTP credential even when another wallet's has the same email (SPEC: initialized with one; customers may share an email)", async () => {
    const f = await walletFixture(t);
    const email = `born-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const a = await f.wallet({ email });
    const b = await f.wallet({ email: email.toUpperCase() });
    expect((await f.credentials(a.accountId)).map((c) => c.type)).toEqual(["EMAIL_OTP"]);
    expect((await f.credentials(b.accountId)).map((c) => c.type)).toEqual(["EMAIL_OTP"]);
  });

  it("a wallet without credentials gets its first one at once (201, no signature)", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet({ email: null });
    expect(await f.credentials(w.accountId)).toEqual([]);
    const res = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId) } });
    expect(res.status).toBe(201);
    // further adds are signed retries; EMAIL_OTP needs the customer's email
    const sms = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId, { sub: "subject-2" }) } });
    expect(sms.status).toBe(202);
    const email = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "EMAIL_OTP", accountId: w.accountId } });
    expect(email.status).toBe(400);
    expect(email.json.details.errors[0].field).toBe("accountId");
  });

  it("validates bodies: unknown type, missing fields, malformed and unsupported OIDC tokens → 400", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const bad = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "PIGEON", accountId: w.accountId } });
    expect(bad.status).toBe(400);
    const missing = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "PASSKEY", accountId: w.accountId } });
    expect(missing.status).toBe(400);
    expect(missing.json.details.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(["nickname", "challenge", "attestation"]));
    const twoSegments = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "OAUTH", accountId: w.accountId, oidcToken: "abc.def" } });
    expect(twoSegments.status).toBe(400);
    expect(twoSegments.json.reason).toBe("malformed JWT");
    const legacy = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "OAUTH", accountId: w.accountId, oidcToken: "sandbox-valid-oidc-token" } });
    expect(legacy.status).toBe(400);
    const issuer = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId, { iss: "https://evil.example" }) } });
    expect(issuer.status).toBe(400);
    expect(issuer.json.details.errors[0].field).toBe("oidcToken");
    const unknownAccount = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "EMAIL_OTP", accountId: "InternalAccount:00000000-0000-7000-8000-000000000000" } });
    expect(unknownAccount.status).toBe(404);
  });

  it("409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when the credentials change between the 202 and the retry", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet({ phoneNumber: "+14155550199" });
    const { key } = await f.otpLogin(w.accountId);
    const oauthBody = { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId) };
    const pending = await t.call("POST", "/auth/credentials", { auth: f.auth, body: oauthBody });
    expect(pending.status).toBe(202);
    const sms = await f.signed("POST", "/auth/credentials", { type: "SMS_OTP", accountId: w.accountId }, key);
    expect(sms.second.status).toBe(201);
    const retry = await t.call("POST", "/auth/credentials", {
      auth: f.auth,
      body: oauthBody,
      headers: { "service-wallet-signature": await stamp(pending.json.payloadToSign, key), "request-id": pending.json.requestId },
    });
    expect(retry.status).toBe(409);
    expect(retry.json.code).toBe("EMAIL_OTP_CREDENTIAL_SET_CHANGED");
  });
});

describe("OAUTH verify", () => {
  it("issues a session sealed to clientPublicKey; the checks of SPEC.md answer 401 with a reason", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const { key } = await f.otpLogin(w.accountId);
    const created = await f.signed("POST", "/auth/credentials", { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId) }, key);
    const credId = created.second.json.id as string;
    const client = newClientKey();
    const verify = async (claims: Record<string, unknown>, clientPublicKey = client.publicKey) =>
      t.call("POST", `/auth/credentials/${credId}/verify`, { auth: f.auth, body: { type: "OAUTH", clientPublicKey, oidcToken: await tokenFor(f.platformId, { nonce: nonceFor(clientPublicKey), ...claims }) } });

    const ok = await verify({});
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ id: expect.stringMatching(/^Session:/), type: "OAUTH", accountId: w.accountId, encryptedSessionSigningKey: expect.any(String) });
    const sessionKey = f.openSessionKey(ok.json.encryptedSessionSigningKey, client);
    // the decrypted key signs for the wallet
    const privacy = await f.signed("PATCH", `/internal-accounts/${w.accountId}`, { privateEnabled: true }, sessionKey);
    expect(privacy.second.status).toBe(200);

    // sealing to an uncompressed key works too
    const ok2 = await verify({}, client.publicKeyUncompressed);
    expect(ok2.status).toBe(200);
    expect(f.openSessionKey(ok2.json.encryptedSessionSigningKey, client).publicKey).toMatch(/^0[23]/);

    // Claims built from the platform's clock just before each is sent: iat + 6 is only too new for
    // the next second, and the cases before it may take longer than that on a loaded machine.
    const cases: [(iat: number) => Record<string, unknown>, string][] = [
      [() => ({ nonce: nonceFor(client.publicKey.toUpperCase()) }), "nonce"],
      [() => ({ sub: "someone-else" }), "identity mismatch"],
      [() => ({ aud: ["client-1", "x"] }), "aud"],
      [(iat) => ({ iat: iat - 66 }), "iat freshness"],
      [(iat) => ({ iat: iat + 6 }), "iat freshness"],
      [(iat) => ({ exp: iat }), "exp"],
      [() => ({ iss: "https://evil.example" }), "iss"],
    ];
    for (const [claimsAt, reason] of cases) {
      const claims = claimsAt(Math.floor((await now(t.db, f.platformId)).getTime() / 1000));
      const res = await verify(claims);
      expect(res.status, JSON.stringify(claims)).toBe(401);
      expect(res.json).toMatchObject({ code: "UNAUTHORIZED", reason });
    }
    const oneElementAud = await verify({ aud: ["client-1"] });
    expect(oneElementAud.status).toBe(200);
    const badKey = await t.call("POST", `/auth/credentials/${credId}/verify`, { auth: f.auth, body: { type: "OAUTH", clientPublicKey: "05abc", oidcToken: await tokenFor(f.platformId) } });
    expect(badKey.status).toBe(400);
    const challenge = await t.call("POST", `/auth/credentials/${credId}/challenge`, { auth: f.auth });
    expect(challenge.status).toBe(400);
  });
});

describe("OAUTH verify: a token opens one session", () => {
  it("the same token (or its claims under another signature) a second time → 401 'OIDC token already used'; concurrent uses open one session", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const { key } = await f.otpLogin(w.accountId);
    const created = await f.signed("POST", "/auth/credentials", { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId) }, key);
    const credId = created.second.json.id as string;
    const verify = (clientPublicKey: string, oidcToken: string) => t.call("POST", `/auth/credentials/${credId}/verify`, { auth: f.auth, body: { type: "OAUTH", clientPublicKey, oidcToken } });
    const client = newClientKey();
    const token = await tokenFor(f.platformId, { nonce: nonceFor(client.publicKey) });
    expect((await verify(client.publicKey, token)).status).toBe(200);
    const replay = await verify(client.publicKey, token);
    expect([replay.status, replay.json.code, replay.json.reason]).toEqual([401, "UNAUTHORIZED", "OIDC token already used"]);
    const resigned = await verify(client.publicKey, token.replace(/\.[^.]+$/, ".another-signature"));
    expect(resigned.json.reason).toBe("OIDC token already used");

    const other = newClientKey();
    const shared = await tokenFor(f.platformId, { nonce: nonceFor(other.publicKey), jti: "race" });
    const answers = await Promise.all(Array.from({ length: 4 }, () => verify(other.publicKey, shared)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
    expect(await t.db.walletAuthSession.count({ where: { platformId: f.platformId, authMethodId: credId.replace("AuthMethod:", "") } })).toBe(2);
  });
});

describe("clientPublicKey must be a P-256 point", () => {
  it("OAUTH verify answers 400 INVALID_INPUT on clientPublicKey for a well-formed key off the curve, with a valid token", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const { key } = await f.otpLogin(w.accountId);
    const created = await f.signed("POST", "/auth/credentials", { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId) }, key);
    for (const clientPublicKey of ["02" + "ff".repeat(32), "04" + "11".repeat(64)]) {
      const res = await t.call("POST", `/auth/credentials/${created.second.json.id}/verify`, {
        auth: f.auth,
        body: { type: "OAUTH", clientPublicKey, oidcToken: await tokenFor(f.platformId, { nonce: nonceFor(clientPublicKey) }) },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.json.code).toBe("INVALID_INPUT");
      expect(res.json.details.errors).toEqual([{ field: "clientPublicKey", message: expect.stringMatching(/compressed \(33-byte.*uncompressed \(65-byte.*lies on the curve/), constraint: expect.objectContaining({ curve: "P-256" }) }]);
    }
    expect(await t.db.walletAuthSession.count({ where: { platformId: f.platformId, authMethodId: created.second.json.id.replace("AuthMethod:", "") } })).toBe(0);
  });
});

describe("DELETE /auth/credentials/{id}", () => {
  it("a verify racing the delete of its credential never leaves a live session of the deleted credential", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const otp = await f.otpLogin(w.accountId);
    const oauth = await f.signed("POST", "/auth/credentials", { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId) }, otp.key);
    const del = await t.call("DELETE", `/auth/credentials/${oauth.second.json.id}`, { auth: f.auth });
    const headers = { "service-wallet-signature": await stamp(del.json.payloadToSign, otp.key), "request-id": del.json.requestId as string };
    const verifyBodies = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const client = newClientKey();
        return { type: "OAUTH", clientPublicKey: client.publicKey, oidcToken: await tokenFor(f.platformId, { nonce: nonceFor(client.publicKey) }) };
      }),
    );
    const [deleted, ...verifies] = await Promise.all([
      t.call("DELETE", `/auth/credentials/${oauth.second.json.id}`, { auth: f.auth, headers }),
      ...verifyBodies.map((body) => t.call("POST", `/auth/credentials/${oauth.second.json.id}/verify`, { auth: f.auth, body })),
    ]);
    expect(deleted!.status).toBe(204);
    for (const v of verifies) expect([200, 404]).toContain(v.status);
    const live = await t.db.walletAuthSession.count({ where: { authMethodId: oauth.second.json.id.replace("AuthMethod:", ""), revokedAt: null } });
    expect(live).toBe(0);
  });

  it("needs a session of another credential, revokes the credential's sessions, and keeps the last credential", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const otp = await f.otpLogin(w.accountId);
    const [emailCred] = await f.credentials(w.accountId);

    const only = await t.call("DELETE", `/auth/credentials/${emailCred!.id}`, { auth: f.auth });
    expect(only.status).toBe(400);
    expect(only.json.code).toBe("INVALID_INPUT");

    const oauth = await f.signed("POST", "/auth/credentials", { type: "OAUTH", accountId: w.accountId, oidcToken: await tokenFor(f.platformId) }, otp.key);
    const client = newClientKey();
    const oauthSession = await t.call("POST", `/auth/credentials/${oauth.second.json.id}/verify`, {
      auth: f.auth,
      body: { type: "OAUTH", clientPublicKey: client.publicKey, oidcToken: await tokenFor(f.platformId, { nonce: nonceFor(client.publicKey) }) },
    });
    const oauthKey = f.openSessionKey(oauthSession.json.encryptedSessionSigningKey, client);

    // signed by a session of the credential being deleted: refused
    const self = await f.signed("DELETE", `/auth/credentials/${emailCred!.id}`, undefined, otp.key);
    expect(self.first.json.type).toBe("EMAIL_OTP");
    expect(self.second.status).toBe(401);
    expect(self.second.json.code).toBe("WALLET_SIGNATURE_INVALID");

    const del = await f.signed("DELETE", `/auth/credentials/${emailCred!.id}`, undefined, oauthKey);
    expect(del.second.status).toBe(204);
    expect((await f.credentials(w.accountId)).map((c) => c.type)).toEqual(["OAUTH"]);
    const sessions = await t.call("GET", `/auth/sessions?accountId=${w.accountId}`, { auth: f.auth });
    expect(sessions.json.data.map((s: { id: string }) => s.id)).toEqual([oauthSession.json.id]);
    // the deleted credential's session can no longer sign
    const revoked = await f.signed("PATCH", `/internal-accounts/${w.accountId}`, { privateEnabled: true }, otp.key);
    expect(revoked.second.status).toBe(401);
    expect(revoked.second.json.code).toBe("WALLET_SIGNATURE_INVALID");
    expect((await t.call("DELETE", `/auth/credentials/${emailCred!.id}`, { auth: f.auth })).status).toBe(404);
  });
});
