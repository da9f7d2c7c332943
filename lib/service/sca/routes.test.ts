import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { advanceClock } from "../sandbox/advance-clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { completeIndividual, onboarding } from "../verifications/onboarding-fixtures";
import { createScaChallenge } from "./create-sca-challenge";
import { authorizeQuoteScaChallenge, openQuoteScaChallenge, resendQuoteScaChallenge } from "./quote-sca";
import { scaOrigin } from "./sca-origin";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A customer in France with its phone number verified (so SMS_OTP is its factor). */
async function euCustomer(options: { isPhoneVerified?: boolean } = {}) {
  const p = await t.createTestPlatform();
  const o = onboarding(t, p.auth);
  const customer = await o.createCustomer(completeIndividual("Ada Lovelace", { region: "FR", phoneNumber: "+33612345678" }));
  if (options.isPhoneVerified !== false) {
    await t.call("POST", `/customers/${customer.id}/verify-phone`, { auth: p.auth });
    await t.call("POST", `/customers/${customer.id}/verify-phone/confirm`, { auth: p.auth, body: { code: "123456" } });
  }
  const q = `?customerId=${encodeURIComponent(customer.id)}`;
  const call = (method: string, path: string, body?: unknown) => t.call(method, `${path}${path.includes("?") ? "&" : "?"}customerId=${encodeURIComponent(customer.id)}`, { auth: p.auth, body });
  return { p, o, customer, q, call };
}
type Eu = Awaited<ReturnType<typeof euCustomer>>;

async function login(c: Eu) {
  const start = await c.call("POST", "/sca/login/start", { factor: "SMS_OTP" });
  return c.call("POST", "/sca/login/complete", { factor: "SMS_OTP", endUserIpAddress: "203.0.113.7", challengeId: start.json.challengeId, code: "123456" });
}

async function externalAccount(c: Eu) {
  const example = EXAMPLES.USD_ACCOUNT!;
  const res = await t.call("POST", "/customers/external-accounts", { auth: c.p.auth, body: { customerId: c.customer.id, currency: example.currency, accountInfo: example.accountInfo } });
  if (res.status !== 201) throw new Error(`external account: ${res.text}`);
  return res.json.id as string;
}

describe("SCA outside SCA regions", () => {
  it("answers 409 on every SCA endpoint for a US customer", async () => {
    const p = await t.createTestPlatform();
    const o = onboarding(t, p.auth);
    const customer = await o.createCustomer(completeIndividual("Ada Lovelace", { region: "US", phoneNumber: "+14155550123" }));
    const q = `?customerId=${encodeURIComponent(customer.id)}`;
    const calls: [string, string, unknown?][] = [
      ["GET", `/sca/factors${q}`],
      ["POST", `/sca/factors${q}`, { type: "TOTP" }],
      ["POST", `/sca/factors/confirm${q}`, { type: "TOTP", secret: "X", code: "123456" }],
      ["DELETE", `/sca/factors/ScaFactor:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10${q}`],
      ["POST", `/sca/login/start${q}`, { factor: "SMS_OTP" }],
      ["POST", `/sca/login/complete${q}`, { factor: "SMS_OTP", endUserIpAddress: "203.0.113.7", code: "123456" }],
      ["POST", `/sca/record-event${q}`, { eventType: "FAILED_LOGIN_ATTEMPT" }],
      ["POST", `/sca/factors/reset${q}`, { factor: "SMS_OTP" }],
      ["GET", `/sca/factors/reset/ScaFactorReset:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10${q}`],
      ["POST", `/sca/factors/reset/ScaFactorReset:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/complete${q}`, {}],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { auth: p.auth, body });
      expect([method, path, res.status]).toEqual([method, path, 409]);
      expect(res.json.code).toBe("CONFLICT");
    }
    const example = EXAMPLES.USD_ACCOUNT!;
    const account = (await t.call("POST", "/customers/external-accounts", { auth: p.auth, body: { customerId: customer.id, currency: example.currency, accountInfo: example.accountInfo } })).json.id;
    for (const path of ["trust", "trust/confirm", "untrust", "untrust/confirm"])
      expect((await t.call("POST", `/customers/external-accounts/${account}/${path}`, { auth: p.auth, body: { code: "123456" } })).status).toBe(409);
  });
});

describe("SCA inside SCA regions", () => {
  it("factors: SMS_OTP only once the phone is verified", async () => {
    const unverified = await euCustomer({ isPhoneVerified: false });
    expect((await unverified.call("GET", "/sca/factors")).json.factors).toEqual([]);
    expect((await unverified.call("POST", "/sca/login/start", { factor: "SMS_OTP" })).status).toBe(400);
    const verified = await euCustomer();
    expect((await verified.call("GET", "/sca/factors")).json.factors).toEqual([{ factor: "SMS_OTP" }]);
  });

  it("login: start → complete with 123456 → SUCCESS and a 180-day session; wrong code 401; 5 wrong codes then 429", async () => {
    const c = await euCustomer();
    const start = await c.call("POST", "/sca/login/start", { factor: "SMS_OTP" });
    expect(start.status).toBe(200);
    expect(start.json).toMatchObject({ factor: "SMS_OTP", challengeId: expect.stringMatching(/^ScaChallenge:/) });
    const body = { factor: "SMS_OTP", endUserIpAddress: "203.0.113.7", challengeId: start.json.challengeId };
    for (let i = 0; i < 5; i++) {
      const wrong = await c.call("POST", "/sca/login/complete", { ...body, code: "000000" });
      expect(wrong.status).toBe(401);
      expect(wrong.json.code).toBe("UNAUTHORIZED");
      expect(wrong.json.reason).toBe("Invalid SCA code");
    }
    const limited = await c.call("POST", "/sca/login/complete", { ...body, code: "123456" });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("RATE_LIMITED");
    expect(limited.headers.get("retry-after")).toBeTruthy();

    const ok = await login(c);
    expect(ok.status).toBe(200);
    expect(ok.json.status).toBe("SUCCESS");
    const days = (new Date(ok.json.sessionExpiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179.9);
    expect(days).toBeLessThan(180.1);
    const second = await c.call("POST", "/sca/login/start", { factor: "SMS_OTP" });
    const fresh = { ...body, challengeId: second.json.challengeId, code: "123456" };
    expect((await c.call("POST", "/sca/login/complete", fresh)).status).toBe(200);
    const reused = await c.call("POST", "/sca/login/complete", fresh);
    expect(reused.status).toBe(400);
    expect(reused.json.message).toContain("COMPLETED");
  });

  it("TOTP: enroll → confirm (recovery codes) → listed → login with TOTP without a start call", async () => {
    const c = await euCustomer();
    const start = await c.call("POST", "/sca/factors", { type: "TOTP" });
    expect(start.status).toBe(200);
    expect(start.json.totpUri).toContain(`secret=${start.json.secret}`);
    expect((await c.call("POST", "/sca/factors/confirm", { type: "TOTP", secret: start.json.secret, code: "999999" })).status).toBe(401);
    const confirmed = await c.call("POST", "/sca/factors/confirm", { type: "TOTP", secret: start.json.secret, code: "123456" });
    expect(confirmed.json.recoveryCodes).toHaveLength(10);
    const factors = (await c.call("GET", "/sca/factors")).json.factors.map((f: { factor: string }) => f.factor);
    expect(factors).toEqual(["SMS_OTP", "TOTP"]);
    const totp = { factor: "TOTP", endUserIpAddress: "203.0.113.7" };
    for (let i = 0; i < 5; i++) expect((await c.call("POST", "/sca/login/complete", { ...totp, code: "000000" })).status).toBe(401);
    expect((await c.call("POST", "/sca/login/complete", { ...totp, code: "123456" })).status).toBe(429);
    await advanceClock(t.db, c.p.platform.id, 301);
    const res = await c.call("POST", "/sca/login/complete", { ...totp, code: "123456" });
    expect(res.json.status).toBe("SUCCESS");
  });

  it("passkeys: one per customer (409 PASSKEY_ALREADY_ENROLLED), login by assertion, delete needs a session", async () => {
    const c = await euCustomer();
    const start = await c.call("POST", "/sca/factors", { type: "PASSKEY" });
    expect(start.json).toMatchObject({ type: "PASSKEY", allowedOrigins: [scaOrigin()] });
    const confirmed = await c.call("POST", "/sca/factors/confirm", { type: "PASSKEY", origin: scaOrigin(), credential: { id: "cred-1", response: {} } });
    expect(confirmed.status).toBe(200);
    const credentialId = confirmed.json.factor.credentialId as string;
    const again = await c.call("POST", "/sca/factors", { type: "PASSKEY" });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("PASSKEY_ALREADY_ENROLLED");

    const login = await c.call("POST", "/sca/login/start", { factor: "PASSKEY" });
    expect(login.json.passkeyOptions.allowCredentials).toEqual([{ id: credentialId, type: "public-key" }]);
    const base = { factor: "PASSKEY", endUserIpAddress: "203.0.113.7", challengeId: login.json.challengeId, origin: scaOrigin() };
    expect((await c.call("POST", "/sca/login/complete", { ...base, passkeyAssertion: { credentialId, signature: "bad" } })).status).toBe(401);
    const deleteFirst = await t.call("DELETE", `/sca/factors/${credentialId}${c.q}`, { auth: c.p.auth });
    expect(deleteFirst.status).toBe(409);
    expect(deleteFirst.json.code).toBe("SCA_SESSION_REQUIRED");
    const ok = await c.call("POST", "/sca/login/complete", { ...base, passkeyAssertion: { credentialId, signature: "sandbox-valid-passkey-signature" } });
    expect(ok.json.status).toBe("SUCCESS");
    expect((await t.call("DELETE", `/sca/factors/${credentialId}${c.q}`, { auth: c.p.auth })).status).toBe(204);
    expect((await c.call("GET", "/sca/factors")).json.factors).toEqual([{ factor: "SMS_OTP" }]);
  });

  it("record-event: 5th failed login locks for 15 min (423 on login), 9th suspends; password reset clears and revokes the session", async () => {
    const c = await euCustomer();
    await login(c);
    let last;
    for (let i = 1; i <= 5; i++) last = await c.call("POST", "/sca/record-event", { eventType: "FAILED_LOGIN_ATTEMPT" });
    expect(last!.json).toMatchObject({ eventType: "FAILED_LOGIN_ATTEMPT", failedAttempts: 5, suspended: false });
    expect((new Date(last!.json.lockedUntil).getTime() - Date.now()) / 60_000).toBeCloseTo(15, 0);
    const locked = await c.call("POST", "/sca/login/start", { factor: "SMS_OTP" });
    expect(locked.status).toBe(423);
    expect(locked.json.code).toBe("ACCOUNT_LOCKED");
    expect(locked.json.details).toMatchObject({ failedAttempts: 5, suspended: false });
    for (let i = 6; i <= 9; i++) last = await c.call("POST", "/sca/record-event", { eventType: "FAILED_LOGIN_ATTEMPT" });
    expect(last!.json).toMatchObject({ failedAttempts: 9, suspended: true });
    const reset = await c.call("POST", "/sca/record-event", { eventType: "RESET_PASSWORD_COMPLETED" });
    expect(reset.json).toEqual({ eventType: "RESET_PASSWORD_COMPLETED", suspended: false, lockedUntil: null, failedAttempts: 0 });
    expect((await c.call("POST", "/sca/login/start", { factor: "SMS_OTP" })).status).toBe(200);
    const account = await externalAccount(c);
    expect((await t.call("POST", `/customers/external-accounts/${account}/trust`, { auth: c.p.auth })).json.code).toBe("SCA_SESSION_REQUIRED");
  });

  it("a successful SCA login clears the failed-login count: the next failure is the 1st, the 5th after it locks for 15 min again (walk-time t_sca2, t_sca3)", async () => {
    const c = await euCustomer();
    for (let i = 1; i <= 5; i++) await c.call("POST", "/sca/record-event", { eventType: "FAILED_LOGIN_ATTEMPT" });
    expect((await c.call("POST", "/sca/login/start", { factor: "SMS_OTP" })).status).toBe(423);
    await advanceClock(t.db, c.p.platform.id, 15 * 60 + 1);
    expect((await login(c)).json.status).toBe("SUCCESS");
    const next = await c.call("POST", "/sca/record-event", { eventType: "FAILED_LOGIN_ATTEMPT" });
    expect(next.json).toEqual({ eventType: "FAILED_LOGIN_ATTEMPT", suspended: false, lockedUntil: null, failedAttempts: 1 });
    expect((await c.call("POST", "/sca/login/start", { factor: "SMS_OTP" })).status).toBe(200);
    let last;
    for (let i = 2; i <= 5; i++) last = await c.call("POST", "/sca/record-event", { eventType: "FAILED_LOGIN_ATTEMPT" });
    expect(last!.json).toMatchObject({ failedAttempts: 5, suspended: false });
    const { now } = (await t.call("GET", "/sandbox/clock", { auth: c.p.auth })).json;
    expect((new Date(last!.json.lockedUntil).getTime() - new Date(now).getTime()) / 60_000).toBeCloseTo(15, 0);
  });

  it("2FA reset: 400 before liveness, LIVENESS_PASSED after 10 s, SMS needs mobile, COMPLETED sets the new phone; 6th reset in a day → 429", async () => {
    const c = await euCustomer();
    const start = await c.call("POST", "/sca/factors/reset", { factor: "SMS_OTP" });
    expect(start.status).toBe(201);
    const { resetId } = start.json;
    expect((await c.call("GET", `/sca/factors/reset/${resetId}`)).json.status).toBe("INITIATED");
    const early = await c.call("POST", `/sca/factors/reset/${resetId}/complete`, { mobile: { countryCode: "+33", number: "698765432" } });
    expect(early.status).toBe(400);
    await advanceClock(t.db, c.p.platform.id, 11);
    expect((await c.call("GET", `/sca/factors/reset/${resetId}`)).json.status).toBe("LIVENESS_PASSED");
    const noMobile = await c.call("POST", `/sca/factors/reset/${resetId}/complete`, {});
    expect(noMobile.status).toBe(400);
    expect(noMobile.json.details.errors[0].field).toBe("mobile");
    expect((await c.call("POST", `/sca/factors/reset/${resetId}/complete`, { mobile: { countryCode: "+33", number: "698765432" } })).status).toBe(204);
    expect((await c.call("GET", `/sca/factors/reset/${resetId}`)).json).toMatchObject({ status: "COMPLETED", enrollmentStatus: "COMPLETED" });
    expect((await t.call("GET", `/customers/${c.customer.id}`, { auth: c.p.auth })).json.phoneNumber).toBe("+33698765432");
    for (let i = 0; i < 4; i++) expect((await c.call("POST", "/sca/factors/reset", { factor: "TOTP" })).status).toBe(201);
    const limited = await c.call("POST", "/sca/factors/reset", { factor: "TOTP" });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("RATE_LIMITED");
  });

  it("2FA reset limit: Retry-After is when the oldest reset leaves the 24-hour window, and a reset then succeeds (walk-time t_reset2)", async () => {
    const c = await euCustomer();
    expect((await c.call("POST", "/sca/factors/reset", { factor: "TOTP" })).status).toBe(201);
    await advanceClock(t.db, c.p.platform.id, 2 * 3600);
    for (let i = 0; i < 4; i++) expect((await c.call("POST", "/sca/factors/reset", { factor: "TOTP" })).status).toBe(201);
    const limited = await c.call("POST", "/sca/factors/reset", { factor: "TOTP" });
    expect([limited.status, limited.json.code]).toEqual([429, "RATE_LIMITED"]);
    const wait = Number(limited.headers.get("retry-after"));
    expect(Math.abs(wait - 22 * 3600)).toBeLessThanOrEqual(5);
    expect(limited.json.details.retryAfterSeconds).toBe(wait);
    await advanceClock(t.db, c.p.platform.id, wait - 10);
    expect((await c.call("POST", "/sca/factors/reset", { factor: "TOTP" })).status).toBe(429);
    await advanceClock(t.db, c.p.platform.id, 10);
    expect((await c.call("POST", "/sca/factors/reset", { factor: "TOTP" })).status).toBe(201);
    // the next one waits for the four made 2 hours after the first
    const next = await c.call("POST", "/sca/factors/reset", { factor: "TOTP" });
    expect(next.status).toBe(429);
    expect(Math.abs(Number(next.headers.get("retry-after")) - 2 * 3600)).toBeLessThanOrEqual(5);
  });

  it("concurrent TOTP confirms of one enrolment: one 200 with recovery codes, the others 400", async () => {
    const c = await euCustomer();
    const start = await c.call("POST", "/sca/factors", { type: "TOTP" });
    await t.warmPool(); // the confirms start together
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.call("POST", "/sca/factors/confirm", { type: "TOTP", secret: start.json.secret, code: "123456" })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(answers.find((a) => a.status === 200)!.json.recoveryCodes).toHaveLength(10);
  });

  it("concurrent passkey confirms: one passkey ACTIVE, the others 409 PASSKEY_ALREADY_ENROLLED or 400", async () => {
    const c = await euCustomer();
    for (let i = 0; i < 3; i++) expect((await c.call("POST", "/sca/factors", { type: "PASSKEY" })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => c.call("POST", "/sca/factors/confirm", { type: "PASSKEY", origin: scaOrigin(), credential: { id: `cred-${i}`, response: {} } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(["PASSKEY_ALREADY_ENROLLED", "INVALID_INPUT"]).toContain(a.json.code);
    expect((await c.call("GET", "/sca/factors")).json.factors.filter((f: { factor: string }) => f.factor === "PASSKEY")).toHaveLength(1);
  });

  it("concurrent failed logins all count: the 5th locks the customer", async () => {
    const c = await euCustomer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.call("POST", "/sca/record-event", { eventType: "FAILED_LOGIN_ATTEMPT" })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json.failedAttempts as number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(answers.find((a) => a.json.failedAttempts === 5)!.json.lockedUntil).not.toBeNull();
    expect((await c.call("POST", "/sca/login/start", { factor: "SMS_OTP" })).status).toBe(423);
  });

  it("concurrent completes of one 2FA reset: one 204, the others 400; the winner's phone number is kept", async () => {
    const c = await euCustomer();
    const { resetId } = (await c.call("POST", "/sca/factors/reset", { factor: "SMS_OTP" })).json;
    await advanceClock(t.db, c.p.platform.id, 11);
    const numbers = ["698765431", "698765432", "698765433", "698765434", "698765435"];
    const answers = await Promise.all(numbers.map((number) => c.call("POST", `/sca/factors/reset/${resetId}/complete`, { mobile: { countryCode: "+33", number } })));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 400, 400, 400, 400]);
    const winner = numbers[answers.findIndex((a) => a.status === 204)]!;
    expect((await t.call("GET", `/customers/${c.customer.id}`, { auth: c.p.auth })).json.phoneNumber).toBe(`+33${winner}`);
  });

  it("concurrent 2FA reset starts: at most 5 a day (the others 429)", async () => {
    const c = await euCustomer();
    await t.warmPool(); // the starts run together
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.call("POST", "/sca/factors/reset", { factor: "TOTP" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it("concurrent deletes of one factor: one 204, the others 404", async () => {
    const c = await euCustomer();
    await c.call("POST", "/sca/factors", { type: "PASSKEY" });
    const credentialId = (await c.call("POST", "/sca/factors/confirm", { type: "PASSKEY", origin: scaOrigin(), credential: { id: "cred-1", response: {} } })).json.factor.credentialId as string;
    await login(c);
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.call("DELETE", `/sca/factors/${credentialId}${c.q}`, { auth: c.p.auth })));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 404, 404, 404]);
  });

  it("concurrent completes of one login challenge: one SUCCESS, the others 400", async () => {
    const c = await euCustomer();
    const start = await c.call("POST", "/sca/login/start", { factor: "SMS_OTP" });
    const body = { factor: "SMS_OTP", endUserIpAddress: "203.0.113.7", challengeId: start.json.challengeId, code: "123456" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.call("POST", "/sca/login/complete", body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it("beneficiary trust: needs a session, challenge → confirm → trusted; untrust mirrors it", async () => {
    const c = await euCustomer();
    const account = await externalAccount(c);
    const noSession = await t.call("POST", `/customers/external-accounts/${account}/trust`, { auth: c.p.auth });
    expect(noSession.status).toBe(409);
    expect(noSession.json.code).toBe("SCA_SESSION_REQUIRED");
    await login(c);
    const start = await t.call("POST", `/customers/external-accounts/${account}/trust`, { auth: c.p.auth });
    expect(start.status).toBe(200);
    expect(start.json.scaChallenge).toMatchObject({ factor: "SMS_OTP", availableFactors: ["SMS_OTP"], purpose: "TRUST_BENEFICIARY" });
    const wrong = await t.call("POST", `/customers/external-accounts/${account}/trust/confirm`, { auth: c.p.auth, body: { challengeId: start.json.scaChallenge.id, code: "111111" } });
    expect(wrong.status).toBe(401);
    const ok = await t.call("POST", `/customers/external-accounts/${account}/trust/confirm`, { auth: c.p.auth, body: { challengeId: start.json.scaChallenge.id, code: "123456" } });
    expect(ok.json).toEqual({ trusted: true });
    expect((await t.call("POST", `/customers/external-accounts/${account}/trust`, { auth: c.p.auth })).json).toEqual({});
    const blocked = await t.call("DELETE", `/customers/external-accounts/${account}`, { auth: c.p.auth });
    expect(blocked.status).toBe(409);
    expect(blocked.json.code).toBe("BENEFICIARY_TRUSTED");
    const untrust = await t.call("POST", `/customers/external-accounts/${account}/untrust`, { auth: c.p.auth });
    expect(untrust.json.scaChallenge.purpose).toBe("UNTRUST_BENEFICIARY");
    const done = await t.call("POST", `/customers/external-accounts/${account}/untrust/confirm`, { auth: c.p.auth, body: { code: "123456" } });
    expect(done.json).toEqual({ trusted: false });
    expect((await t.call("DELETE", `/customers/external-accounts/${account}`, { auth: c.p.auth })).status).toBeLessThan(300);
    expect((await t.call("POST", "/customers/external-accounts/ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/trust", { auth: c.p.auth })).status).toBe(404);
  });

  it("a trust confirm racing DELETE of the account never leaves a trusted beneficiary on a deleted account", async () => {
    for (let round = 0; round < 5; round++) {
      const c = await euCustomer();
      const account = await externalAccount(c);
      await login(c);
      const start = await t.call("POST", `/customers/external-accounts/${account}/trust`, { auth: c.p.auth });
      await t.warmPool();
      const [confirm, remove] = await Promise.all([
        t.call("POST", `/customers/external-accounts/${account}/trust/confirm`, { auth: c.p.auth, body: { challengeId: start.json.scaChallenge.id, code: "123456" } }),
        t.call("DELETE", `/customers/external-accounts/${account}`, { auth: c.p.auth }),
      ]);
      const id = account.replace("ExternalAccount:", "");
      const [deleted, trusted] = await Promise.all([
        t.db.externalAccount.count({ where: { id, deletedAt: { not: null } } }),
        t.db.scaTrustedBeneficiary.count({ where: { externalAccountId: id } }),
      ]);
      // Either the delete went first (trust 404) or the trust did (delete 409 BENEFICIARY_TRUSTED).
      expect({ deleted, trusted }).toEqual(remove.status < 300 ? { deleted: 1, trusted: 0 } : { deleted: 0, trusted: 1 });
      expect(remove.status < 300 ? confirm.status : remove.json.code).toBe(remove.status < 300 ? 404 : "BENEFICIARY_TRUSTED");
    }
  });

  it("quote hook: a challenge per quote (no TOTP), resend keeps it, authorize with 123456, expired → 400", async () => {
    const c = await euCustomer();
    const customerRow = await t.db.customer.findUniqueOrThrow({ where: { id: c.customer.id.replace("Customer:", "") }, include: { agreementConsents: true } });
    const quoteId = "019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10";
    const challenge = await openQuoteScaChallenge(t.db, { platformId: c.p.platform.id, customer: customerRow, quoteId, purpose: "PAYOUT" });
    expect(challenge).toMatchObject({ factor: "SMS_OTP", availableFactors: ["SMS_OTP"], purpose: "PAYOUT" });
    await advanceClock(t.db, c.p.platform.id, 30); // a code goes out at most once per 30 s, its first sending included
    await resendQuoteScaChallenge(t.db, { platformId: c.p.platform.id, customerId: customerRow.id, quoteId });
    await expect(authorizeQuoteScaChallenge(t.db, { platformId: c.p.platform.id, customerId: customerRow.id, quoteId, authorization: { code: "1" } })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const done = await authorizeQuoteScaChallenge(t.db, { platformId: c.p.platform.id, customerId: customerRow.id, quoteId, authorization: { code: "123456" } });
    expect(done.status).toBe("COMPLETED");

    await createScaChallenge(t.db, { platformId: c.p.platform.id, customer: customerRow, purpose: "TRANSFER", subjectId: quoteId });
    await advanceClock(t.db, c.p.platform.id, 301);
    await expect(authorizeQuoteScaChallenge(t.db, { platformId: c.p.platform.id, customerId: customerRow.id, quoteId, authorization: { code: "123456" } })).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});
