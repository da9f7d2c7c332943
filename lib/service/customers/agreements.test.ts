import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isServiceError } from "../http/errors";
import { createTestApp, type TestApp } from "../testing/test-app";
import { AGREEMENTS } from "./agreements";
import { assertEndUserTermsAccepted, hasAcceptedEndUserTerms } from "./has-accepted-end-user-terms";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
});
afterAll(() => t.close());

const version = (type: string) => AGREEMENTS.find((a) => a.type === type)!.version;
const consent = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  acceptedAt: "2025-11-01T10:00:00.000Z",
  ipAddress: "203.0.113.7",
  termsVersion: version(type),
  acceptanceMethod: "CHECKBOX",
  ...extra,
});
const { type: _type, ...endUserTermsConsent } = consent("SERVICE_END_USER_TERMS");

async function createCustomer(body: Record<string, unknown> = {}) {
  return t.call("POST", "/customers", { auth: p.auth, body: { customerType: "INDIVIDUAL", fullName: "Grace Hopper", ...body } });
}
async function patch(id: string, body: Record<string, unknown>) {
  return t.call("PATCH", `/customers/${id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", ...body } });
}
const types = (res: { json: { agreementConsents: { type: string }[] } }) => res.json.agreementConsents.map((c) => c.type);

describe("GET /customers/agreements", () => {
  it("lists seven agreement types, SERVICE_END_USER_TERMS among them, each with its current version and hosted url", async () => {
    const res = await t.call("GET", "/customers/agreements", { auth: p.auth });
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(7);
    expect(new Set(res.json.data.map((a: { type: string }) => a.type)).size).toBe(7);
    for (const agreement of res.json.data) {
      expect(agreement.version).toMatch(/\S/);
      expect(new URL(agreement.url).protocol).toBe("https:");
      expect(agreement.url).toContain(agreement.version);
    }
    expect(res.json.data.map((a: { type: string }) => a.type)).toContain("SERVICE_END_USER_TERMS");
  });

  it("serves the deprecated GET /customers/end-user-terms as the SERVICE_END_USER_TERMS entry", async () => {
    const agreements = await t.call("GET", "/customers/agreements", { auth: p.auth });
    const terms = await t.call("GET", "/customers/end-user-terms", { auth: p.auth });
    expect(terms.status).toBe(200);
    const entry = agreements.json.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
    expect(terms.json).toEqual({ version: entry.version, url: entry.url });
  });
});

describe("agreementConsents", () => {
  it("is an empty list until the first acceptance", async () => {
    const res = await createCustomer();
    expect(res.json.agreementConsents).toEqual([]);
    expect(res.json).not.toHaveProperty("endUserTermsConsent");
  });

  it("records consents at creation and returns them", async () => {
    const res = await createCustomer({ agreementConsents: [consent("SERVICE_PRIVACY_POLICY"), consent("SERVICE_END_USER_TERMS", { acceptanceMethod: "CLICK_TO_ACCEPT" })] });
    expect(res.status).toBe(201);
    expect(types(res)).toEqual(["SERVICE_END_USER_TERMS", "SERVICE_PRIVACY_POLICY"]);
    expect(res.json.agreementConsents[0]).toEqual(consent("SERVICE_END_USER_TERMS", { acceptanceMethod: "CLICK_TO_ACCEPT" }));
    expect(res.json.endUserTermsConsent).toEqual({ ...endUserTermsConsent, acceptanceMethod: "CLICK_TO_ACCEPT" });
  });

  it("accepts at most one consent per type in a request", async () => {
    const res = await createCustomer({ agreementConsents: [consent("CARDHOLDER_AGREEMENT"), consent("SERVICE_PRIVACY_POLICY"), consent("CARDHOLDER_AGREEMENT")] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.details.errors).toEqual([expect.objectContaining({ field: "agreementConsents.2.type", constraint: { uniqueItems: true } })]);
  });

  it("on update adds the consents sent, keeps other types and shows the latest acceptance per type", async () => {
    const created = await createCustomer({ agreementConsents: [consent("SERVICE_END_USER_TERMS"), consent("SERVICE_PRIVACY_POLICY")] });
    const added = await patch(created.json.id, { agreementConsents: [consent("STABLECOIN_TERMS")] });
    expect(added.status).toBe(200);
    expect(types(added)).toEqual(["SERVICE_END_USER_TERMS", "SERVICE_PRIVACY_POLICY", "STABLECOIN_TERMS"]);

    const later = await patch(created.json.id, { agreementConsents: [consent("SERVICE_END_USER_TERMS", { acceptedAt: "2025-11-05T00:00:00.000Z", ipAddress: "2001:db8::1" })] });
    expect(types(later)).toEqual(["SERVICE_END_USER_TERMS", "SERVICE_PRIVACY_POLICY", "STABLECOIN_TERMS"]);
    expect(later.json.agreementConsents[0]).toMatchObject({ acceptedAt: "2025-11-05T00:00:00.000Z", ipAddress: "2001:db8::1" });
    expect(later.json.endUserTermsConsent).toMatchObject({ acceptedAt: "2025-11-05T00:00:00.000Z" });

    const unrelated = await patch(created.json.id, { fullName: "Grace B. Hopper" });
    expect(unrelated.json.agreementConsents).toEqual(later.json.agreementConsents);
    // Every acceptance stays on file; only the latest is shown.
    const rows = await t.db.customerAgreementConsent.count({ where: { customerId: created.json.id.replace("Customer:", "") } });
    expect(rows).toBe(4);
  });

  it("rejects a termsVersion that is not the current version with END_USER_TERMS_VERSION_NOT_FOUND, writing nothing", async () => {
    const res = await createCustomer({ platformCustomerId: "stale-version", agreementConsents: [consent("SERVICE_PRIVACY_POLICY"), consent("EMBEDDED_WALLET_TERMS", { termsVersion: "2019-01-01" })] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("END_USER_TERMS_VERSION_NOT_FOUND");
    expect(res.json.details.errors).toEqual([
      expect.objectContaining({ field: "agreementConsents.1.termsVersion", constraint: { enum: [version("EMBEDDED_WALLET_TERMS")] } }),
    ]);
    expect((await t.call("GET", "/customers?platformCustomerId=stale-version", { auth: p.auth })).json.totalCount).toBe(0);

    const created = await createCustomer();
    const update = await patch(created.json.id, { fullName: "Changed Name", endUserTermsConsent: { ...endUserTermsConsent, termsVersion: "0.9" } });
    expect(update.status).toBe(400);
    expect(update.json.code).toBe("END_USER_TERMS_VERSION_NOT_FOUND");
    expect(update.json.details.errors[0].field).toBe("endUserTermsConsent.termsVersion");
    const after = await t.call("GET", `/customers/${created.json.id}`, { auth: p.auth });
    expect(after.json.fullName).toBe("Grace Hopper");
  });

  it("validates each consent's fields, and refuses an acceptance in the future", async () => {
    const res = await createCustomer({
      agreementConsents: [{ type: "MARKETING", acceptedAt: "yesterday", ipAddress: "999.1.1.1", termsVersion: "", acceptanceMethod: "NOD" }, consent("CARDHOLDER_AGREEMENT", { acceptedAt: "2999-01-01T00:00:00Z" })],
    });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "agreementConsents.0.acceptanceMethod",
      "agreementConsents.0.acceptedAt",
      "agreementConsents.0.ipAddress",
      "agreementConsents.0.termsVersion",
      "agreementConsents.0.type",
      "agreementConsents.1.acceptedAt",
    ]);
  });
});

describe("deprecated endUserTermsConsent", () => {
  it("records one SERVICE_END_USER_TERMS consent, on create and on update", async () => {
    const created = await createCustomer({ endUserTermsConsent });
    expect(created.status).toBe(201);
    expect(created.json.agreementConsents).toEqual([consent("SERVICE_END_USER_TERMS")]);
    expect(created.json.endUserTermsConsent).toEqual(endUserTermsConsent);

    const other = await createCustomer();
    const updated = await patch(other.json.id, { endUserTermsConsent });
    expect(types(updated)).toEqual(["SERVICE_END_USER_TERMS"]);
  });

  it("cannot be sent together with agreementConsents", async () => {
    const res = await createCustomer({ endUserTermsConsent, agreementConsents: [consent("SERVICE_PRIVACY_POLICY")] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.details.errors).toEqual([expect.objectContaining({ field: "endUserTermsConsent" })]);
    const created = await createCustomer();
    const update = await patch(created.json.id, { endUserTermsConsent, agreementConsents: [] });
    expect(update.status).toBe(400);
    expect(update.json.details.errors[0].field).toBe("endUserTermsConsent");
  });
});

describe("hasAcceptedEndUserTerms / assertEndUserTermsAccepted", () => {
  it("is false until SERVICE_END_USER_TERMS is accepted; another type never implies it", async () => {
    const created = await createCustomer({ agreementConsents: [consent("SERVICE_PRIVACY_POLICY")] });
    const { platformId } = { platformId: p.platform.id };
    expect(await hasAcceptedEndUserTerms(t.db, platformId, created.json.id)).toBe(false);
    const refused = await assertEndUserTermsAccepted(t.db, platformId, created.json.id).catch((e: unknown) => e);
    expect(isServiceError(refused) && refused.code).toBe("END_USER_TERMS_NOT_ACCEPTED");
    expect(isServiceError(refused) && refused.status).toBe(403);

    await patch(created.json.id, { agreementConsents: [consent("SERVICE_END_USER_TERMS")] });
    expect(await hasAcceptedEndUserTerms(t.db, platformId, created.json.id)).toBe(true);
    expect(await hasAcceptedEndUserTerms(t.db, platformId, created.json.id.replace("Customer:", ""))).toBe(true);
    await expect(assertEndUserTermsAccepted(t.db, platformId, created.json.id)).resolves.toBeUndefined();
  });

  it("is scoped to the platform", async () => {
    const created = await createCustomer({ endUserTermsConsent });
    const other = await t.createTestPlatform();
    expect(await hasAcceptedEndUserTerms(t.db, other.platform.id, created.json.id)).toBe(false);
  });

  it("is not needed on regulated platforms", async () => {
    const regulated = await t.createTestPlatform();
    await t.db.platform.update({ where: { id: regulated.platform.id }, data: { isRegulatedFinancialInstitution: true } });
    const created = await t.call("POST", "/customers", { auth: regulated.auth, body: { customerType: "INDIVIDUAL" } });
    await expect(assertEndUserTermsAccepted(t.db, regulated.platform.id, created.json.id)).resolves.toBeUndefined();
  });
});
