import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("EU customer: send (204, resend ok), wrong code 400, code 123456 → VERIFIED, then 409 already verified", async () => {
    const { p, customer } = await setup();
    expect((await t.call("POST", `/customers/${customer.id}/verify-email`, { auth: p.auth })).status).toBe(204);
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

  it("unknown customer → 404", async () => {
    const { p } = await setup();
    expect((await t.call("POST", "/customers/Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/verify-email", { auth: p.auth })).status).toBe(404);
  });
});
