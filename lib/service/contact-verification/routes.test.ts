import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceClock } from "../sandbox/advance-clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { completeIndividual, onboarding, useTemporaryDocumentStore } from "../verifications/onboarding-fixtures";

let t: TestApp;
beforeAll(async () => {
  useTemporaryDocumentStore();
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup(extra: Record<string, unknown> = { region: "FR", email: "ada@example.com", phoneNumber: "+33612345678" }) {
  const p = await t.createTestPlatform();
  const o = onboarding(t, p.auth);
  const customer = await o.createCustomer(completeIndividual("Ada Lovelace", extra));
  return { p, o, customer };
}

describe("contact verification", () => {
  it("GET /customers shows contactVerification only where it is required", async () => {
    const eu = await setup();
    expect((await t.call("GET", `/customers/${eu.customer.id}`, { auth: eu.p.auth })).json.contactVerification).toEqual({ email: "PENDING", phone: "PENDING" });
    const us = await setup({ region: "US", email: "a@example.com" });
    expect((await t.call("GET", `/customers/${us.customer.id}`, { auth: us.p.auth })).json.contactVerification).toBeUndefined();
  });

  it("EU customer: send (204, resend after 30 s ok), wrong code 400, code 123456 → VERIFIED, then 409 already verified", async () => {
    const { p, customer } = await setup();
    expect((await t.call("POST", `/customers/${customer.id}/verify-email`, { auth: p.auth })).status).toBe(204);
    await advanceClock(t.db, p.platform.id, 30);
    expect((await t.call("POST", `/customers/${customer.id}/verify-email`, { auth: p.auth })).status).toBe(204);
    const wrong = await t.call("POST", `/customers/${customer.id}/verify-email/confirm`, { auth: p.auth, body: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe("INVALID_INPUT");
    expect(wrong.json.details.errors[0].field).toBe("code");
    const ok = await t.call("POST", `/customers/${customer.id}/verify-email/confirm`, { auth: p.auth, body: { code: "123456" } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ id: customer.id, contactVerification: { email: "VERIFIED", phone: "PENDING" } });
    expect((await t.call("GET", `/customers/${customer.id}`, { auth: p.auth })).json.contactVerification).toEqual({ email: "VERIFIED", phone: "PENDING" });
    const again = await t.call("POST", `/customers/${customer.id}/verify-email`, { auth: p.auth });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("CONFLICT");
    expect((await t.call("POST", `/customers/${customer.id}/verify-email/confirm`, { auth: p.auth, body: { code: "123456" } })).status).toBe(409);
  });

  it("concurrent confirms of one code: exactly one 200, the others 409 already verified", async () => {
    const { p, customer } = await setup();
    expect((await t.call("POST", `/customers/${customer.id}/verify-email`, { auth: p.auth })).status).toBe(204);
    await t.warmPool();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.call("POST", `/customers/${customer.id}/verify-email/confirm`, { auth: p.auth, body: { code: "123456" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.message).toContain("already verified");
    expect((await t.call("GET", `/customers/${customer.id}`, { auth: p.auth })).json.contactVerification).toEqual({ email: "VERIFIED", phone: "PENDING" });
  });

  it("confirm before any code was sent → 409", async () => {
    const { p, customer } = await setup();
    const res = await t.call("POST", `/customers/${customer.id}/verify-phone/confirm`, { auth: p.auth, body: { code: "123456" } });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain("verify-phone");
  });

  it("409 where the provider does not mandate it: a US customer, or an EU customer without that channel", async () => {
    const us = await setup({ region: "US", email: "a@example.com", phoneNumber: "+14155550123" });
    expect((await t.call("POST", `/customers/${us.customer.id}/verify-email`, { auth: us.p.auth })).status).toBe(409);
    expect((await t.call("POST", `/customers/${us.customer.id}/verify-phone`, { auth: us.p.auth })).status).toBe(409);
    const noPhone = await setup({ region: "DE", email: "a@example.com" });
    expect((await t.call("POST", `/customers/${noPhone.customer.id}/verify-phone`, { auth: noPhone.p.auth })).status).toBe(409);
    expect((await t.call("POST", `/customers/${noPhone.customer.id}/verify-email`, { auth: noPhone.p.auth })).status).toBe(204);
  });

  it("KYC link and submission wait (409) until every required channel is verified", async () => {
    const { p, o, customer } = await setup();
    await o.passport(customer.id);
    expect((await o.submit(customer.id)).status).toBe(409);
    expect((await t.call("POST", `/customers/${customer.id}/kyc-link`, { auth: p.auth, body: {} })).status).toBe(409);
    for (const channel of ["email", "phone"]) {
      await t.call("POST", `/customers/${customer.id}/verify-${channel}`, { auth: p.auth });
      await t.call("POST", `/customers/${customer.id}/verify-${channel}/confirm`, { auth: p.auth, body: { code: "123456" } });
    }
    expect((await o.submit(customer.id)).json.verificationStatus).toBe("APPROVED");
  });

  it("a changed phone number or email is PENDING again: it can be verified, and KYC waits for it; the other channel stays VERIFIED", async () => {
    const { p, o, customer } = await setup();
    await o.passport(customer.id);
    for (const channel of ["email", "phone"]) {
      await t.call("POST", `/customers/${customer.id}/verify-${channel}`, { auth: p.auth });
      await t.call("POST", `/customers/${customer.id}/verify-${channel}/confirm`, { auth: p.auth, body: { code: "123456" } });
    }
    const changed = await t.call("PATCH", `/customers/${customer.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", phoneNumber: "+33698765432" } });
    expect(changed.status).toBe(200);
    expect(changed.json.contactVerification).toEqual({ email: "VERIFIED", phone: "PENDING" });
    expect((await t.call("POST", `/customers/${customer.id}/kyc-link`, { auth: p.auth, body: {} })).status).toBe(409);
    expect((await o.submit(customer.id)).status).toBe(409);
    // The old code does not carry over: a new one must be sent to the new number.
    expect((await t.call("POST", `/customers/${customer.id}/verify-phone/confirm`, { auth: p.auth, body: { code: "123456" } })).status).toBe(409);
    expect((await t.call("POST", `/customers/${customer.id}/verify-phone`, { auth: p.auth })).status).toBe(204);
    expect((await t.call("POST", `/customers/${customer.id}/verify-phone/confirm`, { auth: p.auth, body: { code: "123456" } })).json.contactVerification).toEqual({ email: "VERIFIED", phone: "VERIFIED" });

    const sameEmail = await t.call("PATCH", `/customers/${customer.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", email: "ada@example.com" } });
    expect(sameEmail.json.contactVerification).toEqual({ email: "VERIFIED", phone: "VERIFIED" });
    // The email signs the customer's wallet in (EMAIL_OTP), so changing it is a signed retry.
    const emailChange = { auth: p.auth, body: { customerType: "INDIVIDUAL", email: "lovelace@example.com" } };
    const challenge = await t.call("PATCH", `/customers/${customer.id}`, emailChange);
    expect(challenge.status).toBe(202);
    const newEmail = await t.call("PATCH", `/customers/${customer.id}`, {
      ...emailChange,
      headers: { "service-wallet-signature": "sandbox-valid-signature", "request-id": challenge.json.requestId },
    });
    expect(newEmail.status).toBe(200);
    expect(newEmail.json.contactVerification).toEqual({ email: "PENDING", phone: "VERIFIED" });
  });

  it("a contact change racing the confirm of the code sent to the old contact: the new phone number or email never ends VERIFIED by it", async () => {
    for (const channel of ["phone", "email"] as const) {
      const { p, customer } = await setup({ region: "FR", email: "ada@example.com", phoneNumber: "+33612345678" });
      for (let i = 0; i < 6; i++) {
        expect((await t.call("POST", `/customers/${customer.id}/verify-${channel}`, { auth: p.auth })).status).toBe(204);
        const body = { customerType: "INDIVIDUAL", ...(channel === "phone" ? { phoneNumber: `+3361234${String(5000 + i)}` } : { email: `ada${i}@example.com` }) };
        // The email signs the wallet in (EMAIL_OTP): its change is a signed retry, raced here.
        const challenge = channel === "email" ? (await t.call("PATCH", `/customers/${customer.id}`, { auth: p.auth, body })).json : null;
        const headers = challenge ? { "service-wallet-signature": "sandbox-valid-signature", "request-id": challenge.requestId } : undefined;
        await t.warmPool();
        const [patch, confirm] = await Promise.all([
          t.call("PATCH", `/customers/${customer.id}`, { auth: p.auth, body, headers }),
          t.call("POST", `/customers/${customer.id}/verify-${channel}/confirm`, { auth: p.auth, body: { code: "123456" } }),
        ]);
        expect(patch.status).toBe(200);
        // Confirmed first (200, then the PATCH made it PENDING again), or the PATCH first (409: nothing sent to the new contact).
        expect([200, 409]).toContain(confirm.status);
        const after = (await t.call("GET", `/customers/${customer.id}`, { auth: p.auth })).json;
        expect(after.contactVerification[channel]).toBe("PENDING");
      }
    }
  });

  it("a code accepts 5 wrong answers, however many arrive at once: then 429 with Retry-After, the right code included, until a new one is sent", async () => {
    const { p, customer } = await setup();
    const confirm = (code: string) => t.call("POST", `/customers/${customer.id}/verify-phone/confirm`, { auth: p.auth, body: { code } });
    expect((await t.call("POST", `/customers/${customer.id}/verify-phone`, { auth: p.auth })).status).toBe(204);
    await t.warmPool();
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => confirm(String(100000 + i))));
    expect(guesses.filter((r) => r.status === 400)).toHaveLength(5);
    const limited = guesses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(7);
    for (const r of limited) {
      expect(r.json.code).toBe("RATE_LIMITED");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(0);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(30);
    }
    const right = await confirm("123456");
    expect([right.status, right.json.code]).toEqual([429, "RATE_LIMITED"]);
    // A new code can be sent 30 s after the last one; it accepts the right code.
    const soon = await t.call("POST", `/customers/${customer.id}/verify-phone`, { auth: p.auth });
    expect([soon.status, soon.json.code]).toEqual([429, "RATE_LIMITED"]);
    await advanceClock(t.db, p.platform.id, 30);
    expect((await t.call("POST", `/customers/${customer.id}/verify-phone`, { auth: p.auth })).status).toBe(204);
    expect((await confirm("000000")).status).toBe(400);
    const ok = await confirm("123456");
    expect(ok.status).toBe(200);
    expect(ok.json.contactVerification).toEqual({ email: "PENDING", phone: "VERIFIED" });
  });

  it("sends at most one code per 30 s per channel, even when requests arrive at once: the others 429 with Retry-After", async () => {
    const { p, customer } = await setup();
    const send = (channel: string) => t.call("POST", `/customers/${customer.id}/verify-${channel}`, { auth: p.auth });
    await t.warmPool();
    const burst = await Promise.all(Array.from({ length: 10 }, () => send("email")));
    expect(burst.map((r) => r.status).sort()).toEqual([204, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    for (const r of burst.filter((r) => r.status === 429)) {
      expect(r.json.code).toBe("RATE_LIMITED");
      // 30 s after the one sent; a request that waited its turn for long reads a little less.
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(25);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(30);
      expect(r.json.details.retryAfterSeconds).toBe(Number(r.headers.get("retry-after")));
    }
    // The other channel has its own allowance.
    expect((await send("phone")).status).toBe(204);
    await advanceClock(t.db, p.platform.id, 20);
    const later = await send("email");
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBeGreaterThanOrEqual(5); // 10, less the real time gone by
    expect(Number(later.headers.get("retry-after"))).toBeLessThanOrEqual(10);
    await advanceClock(t.db, p.platform.id, 10);
    expect((await send("email")).status).toBe(204);
  });

  it("unknown customer → 404", async () => {
    const { p } = await setup();
    expect((await t.call("POST", "/customers/Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/verify-email", { auth: p.auth })).status).toBe(404);
  });
});
