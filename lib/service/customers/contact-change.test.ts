import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { walletFixture } from "../wallet-auth/wallet-auth-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LEGACY_SIGNATURE = "sandbox-valid-signature";

describe("changing a contact that an embedded wallet signs in with (BEHAVIORS.md §1.2)", () => {
  it("answers 202 with a challenge, then applies the email change and renames the EMAIL_OTP credential on the signed retry", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const body = { customerType: "INDIVIDUAL", email: "new-address@example.com" };
    const first = await t.call("PATCH", `/customers/${w.customerId}`, { auth: f.auth, body });
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({ payloadToSign: expect.any(String), requestId: expect.stringMatching(/^Request:/) });
    expect((await t.call("GET", `/customers/${w.customerId}`, { auth: f.auth })).json.email).toBe(w.email);

    const retry = await t.call("PATCH", `/customers/${w.customerId}`, {
      auth: f.auth,
      body,
      headers: { "service-wallet-signature": LEGACY_SIGNATURE, "request-id": first.json.requestId },
    });
    expect(retry.status).toBe(200);
    expect(retry.json.email).toBe("new-address@example.com");
    const credentials = await f.credentials(w.accountId);
    expect(credentials.find((c) => c.type === "EMAIL_OTP")?.nickname).toBe("new-address@example.com");
  });

  it("refuses an email that another wallet's EMAIL_OTP credential holds (any case) with 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS before the challenge, and leaves both alone", async () => {
    const f = await walletFixture(t);
    const a = await f.wallet();
    const b = await f.wallet();
    const res = await t.call("PATCH", `/customers/${b.customerId}`, { auth: f.auth, body: { customerType: "INDIVIDUAL", email: a.email!.toUpperCase() } });
    expect([res.status, res.json.code]).toEqual([409, "EMAIL_OTP_EMAIL_ALREADY_EXISTS"]);
    expect((await f.credentials(b.accountId)).find((c) => c.type === "EMAIL_OTP")?.nickname).toBe(b.email);
    expect((await t.call("GET", `/customers/${b.customerId}`, { auth: f.auth })).json.email).toBe(b.email);
  });

  it("an email change racing another wallet's add of the same email: one of them gets it, the other 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS, never both (10 races)", async () => {
    const f = await walletFixture(t);
    for (let race = 0; race < 10; race++) {
      const b = await f.wallet();
      const c = await f.wallet({ email: null });
      const email = `race-${race}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await t.db.customer.update({ where: { id: c.customerId.replace("Customer:", "") }, data: { email } });
      const body = { customerType: "INDIVIDUAL", email };
      const first = await t.call("PATCH", `/customers/${b.customerId}`, { auth: f.auth, body });
      expect(first.status).toBe(202);
      const answers = await Promise.all([
        t.call("PATCH", `/customers/${b.customerId}`, { auth: f.auth, body, headers: { "service-wallet-signature": LEGACY_SIGNATURE, "request-id": first.json.requestId } }),
        t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "EMAIL_OTP", accountId: c.accountId } }),
      ]);
      const outcomes = answers.map((res) => (res.status < 300 ? "done" : `${res.status} ${res.json.code}`)).sort();
      expect(outcomes).toContain("409 EMAIL_OTP_EMAIL_ALREADY_EXISTS");
      expect(outcomes).toContain("done");
      expect(await t.db.walletAuthMethod.count({ where: { type: "EMAIL_OTP", nickname: email, revokedAt: null } })).toBe(1);
    }
  });

  it("refuses a retry that changes the body (401 WALLET_SIGNATURE_BODY_MISMATCH) and leaves the email alone", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const first = await t.call("PATCH", `/customers/${w.customerId}`, { auth: f.auth, body: { customerType: "INDIVIDUAL", email: "a@example.com" } });
    const retry = await t.call("PATCH", `/customers/${w.customerId}`, {
      auth: f.auth,
      body: { customerType: "INDIVIDUAL", email: "b@example.com" },
      headers: { "service-wallet-signature": LEGACY_SIGNATURE, "request-id": first.json.requestId },
    });
    expect(retry.status).toBe(401);
    expect(retry.json.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");
    expect((await t.call("GET", `/customers/${w.customerId}`, { auth: f.auth })).json.email).toBe(w.email);
  });

  it("refuses email and phone number in one request with 400 naming both fields", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const res = await t.call("PATCH", `/customers/${w.customerId}`, { auth: f.auth, body: { customerType: "INDIVIDUAL", email: "c@example.com", phoneNumber: "+14155550100" } });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "phoneNumber"]);
  });

  it("changes other fields, and contacts with no tied credential, at once", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const phone = await t.call("PATCH", `/customers/${w.customerId}`, { auth: f.auth, body: { customerType: "INDIVIDUAL", phoneNumber: "+14155550101", fullName: "Jane Q Doe" } });
    expect(phone.status).toBe(200);
    expect(phone.json).toMatchObject({ phoneNumber: "+14155550101", fullName: "Jane Q Doe" });
    const customer = await t.call("POST", "/customers", { auth: f.auth, body: { customerType: "INDIVIDUAL", fullName: "No Wallet", email: "x@example.com" } });
    const plain = await t.call("PATCH", `/customers/${customer.json.id}`, { auth: f.auth, body: { customerType: "INDIVIDUAL", email: "y@example.com" } });
    expect(plain.status).toBe(200);
    expect(plain.json.email).toBe("y@example.com");
  });
});
