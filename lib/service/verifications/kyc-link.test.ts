import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceClock } from "../sandbox/advance-clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { getKycLinkPage } from "./get-kyc-link-page";
import { completeIndividual, onboarding, useTemporaryDocumentStore } from "./onboarding-fixtures";
import { submitKycLink } from "./submit-kyc-link";

let t: TestApp;
beforeAll(async () => {
  useTemporaryDocumentStore();
  t = await createTestApp();
});
afterAll(() => t.close());

async function link() {
  const p = await t.createTestPlatform();
  const o = onboarding(t, p.auth);
  const customer = await o.createCustomer(completeIndividual("Ada Lovelace"));
  const res = await t.call("POST", `/customers/${customer.id}/kyc-link`, { auth: p.auth, body: { redirectUri: "https://example.com/back" } });
  return { p, o, customer, token: (res.json.kycUrl as string).split("/").pop()! };
}

describe("hosted KYC page", () => {
  it("shows what is missing; submitting with gaps keeps the link; a complete submission uses it up", async () => {
    const { o, customer, token } = await link();
    const page = await getKycLinkPage(t.db, token);
    expect(page).toMatchObject({ customerType: "INDIVIDUAL", name: "Ada Lovelace", status: "UNVERIFIED", redirectUri: "https://example.com/back" });
    expect(page.missing.map((m) => m.type)).toEqual(["MISSING_IDENTITY_DOCUMENT"]);
    expect((await submitKycLink(t.db, token)).verificationStatus).toBe("RESOLVE_ERRORS");
    await o.passport(customer.id);
    expect((await getKycLinkPage(t.db, token)).missing).toEqual([]);
    expect(await submitKycLink(t.db, token)).toEqual({ verificationStatus: "APPROVED", redirectUri: "https://example.com/back" });
    await expect(getKycLinkPage(t.db, token)).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("concurrent submissions of one link: one goes through, the others INVALID_INPUT; one verification, one KYC event", async () => {
    const { p, o, customer, token } = await link();
    await o.passport(customer.id);
    await t.warmPool();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => submitKycLink(t.db, token)));
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok.map((r) => r.value.verificationStatus)).toEqual(["APPROVED"]);
    for (const r of results.filter((r) => r.status === "rejected")) expect(r.reason).toMatchObject({ code: "INVALID_INPUT" });
    expect(await t.db.verification.count({ where: { platformId: p.platform.id } })).toBe(1);
    expect(await t.db.webhookEvent.count({ where: { platformId: p.platform.id, type: "CUSTOMER.KYC_APPROVED" } })).toBe(1);
    await expect(getKycLinkPage(t.db, token)).rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining("already used") });
  });

  // Before, any scheme was stored, and the page's "return to the app" link ran javascript: on our origin.
  it("refuses a redirectUri that is not http or https, naming the field", async () => {
    const p = await t.createTestPlatform();
    const customer = await onboarding(t, p.auth).createCustomer(completeIndividual("Grace Hopper"));
    for (const redirectUri of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "ftp://example.com/x"]) {
      const res = await t.call("POST", `/customers/${customer.id}/kyc-link`, { auth: p.auth, body: { redirectUri } });
      expect(res.status, redirectUri).toBe(400);
      expect(res.json.details.errors).toEqual([expect.objectContaining({ field: "redirectUri", message: "must be an http or https URL such as https://example.com/done" })]);
    }
    expect(await t.db.kycLink.count({ where: { platformId: p.platform.id } })).toBe(0);
  });

  it("unknown token → NOT_FOUND; expired after 24 hours", async () => {
    await expect(getKycLinkPage(t.db, "no-such-token-at-all")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const { p, token } = await link();
    await advanceClock(t.db, p.platform.id, 24 * 3600 + 1);
    await expect(getKycLinkPage(t.db, token)).rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining("expired") });
  });
});
