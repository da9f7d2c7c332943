import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { address, endUserTermsConsent, eventTypes, onboarding, PDF, PNG, useTemporaryDocumentStore } from "./onboarding-fixtures";

let t: TestApp;
beforeAll(async () => {
  useTemporaryDocumentStore();
  t = await createTestApp();
});
afterAll(() => t.close());

describe("end to end: onboarding a business", () => {
  it("business + two beneficial owners + documents → RESOLVE_ERRORS until complete, then APPROVED with owners and accounts", async () => {
    const p = await t.createTestPlatform();
    const o = onboarding(t, p.auth);
    const auth = p.auth;
    const created = await t.call("POST", "/customers", {
      auth,
      body: { customerType: "BUSINESS", businessInfo: { legalName: "Acme Robotics", country: "US", registrationNumber: "REG-777" }, agreementConsents: [endUserTermsConsent()] },
    });
    expect(created.json.kybStatus).toBe("UNVERIFIED");
    const businessId = created.json.id as string;

    const first = await o.submit(businessId);
    expect(first.json.verificationStatus).toBe("RESOLVE_ERRORS");
    expect(first.json.errors.length).toBe(9);

    await t.call("PATCH", `/customers/${businessId}`, { auth, body: { customerType: "BUSINESS", address, businessInfo: { taxId: "12-3456789", incorporatedOn: "2015-03-01" } } });
    const person = (lastName: string, roles: string[], ownershipPercentage: number) => ({
      customerId: businessId,
      roles,
      ownershipPercentage,
      personalInfo: { firstName: "Pat", lastName, birthDate: "1980-01-01", nationality: "US", address, idType: "SSN", identifier: "111-22-3333" },
    });
    const founder = await o.createOwner(person("Founder", ["UBO", "DIRECTOR"], 60));
    const ceo = await o.createOwner(person("Chief", ["CONTROL_PERSON", "COMPANY_OFFICER"], 10));
    await o.passport(founder.id);
    const second = await o.submit(businessId);
    expect(second.json.errors.map((e: { type: string; resourceId: string }) => `${e.type} ${e.resourceId}`).sort()).toEqual(
      [
        `MISSING_IDENTITY_DOCUMENT ${ceo.id}`,
        `MISSING_LEGAL_PRESENCE_DOCUMENT ${businessId}`,
        `MISSING_CONTROL_STRUCTURE_DOCUMENT ${businessId}`,
        `MISSING_OWNERSHIP_STRUCTURE_DOCUMENT ${businessId}`,
        `MISSING_PROOF_OF_ADDRESS_DOCUMENT ${businessId}`,
      ].sort(),
    );

    for (const side of ["FRONT", "BACK"])
      await o.upload({ documentHolder: ceo.id, documentType: "NATIONAL_ID", side, country: "US", documentNumber: "N-1", issuingAuthority: "State" }, { bytes: PNG, name: `${side}.png`, type: "image/png" });
    for (const type of ["ARTICLES_OF_INCORPORATION", "STATE_COMPANY_REGISTRY", "SHAREHOLDER_REGISTER", "BANK_STATEMENT"])
      expect((await o.upload({ documentHolder: businessId, documentType: type, country: "US" }, { bytes: PDF, name: `${type}.pdf` })).status).toBe(201);
    expect((await t.call("GET", `/documents?documentHolder=${encodeURIComponent(businessId)}`, { auth })).json.totalCount).toBe(4);

    const done = await o.submit(businessId);
    expect(done.json).toMatchObject({ verificationStatus: "APPROVED", errors: [] });
    expect((await t.call("GET", `/customers/${businessId}`, { auth })).json.kybStatus).toBe("APPROVED");
    const owners = await t.call("GET", `/beneficial-owners?customerId=${encodeURIComponent(businessId)}`, { auth });
    expect(owners.json.data.map((x: { kycStatus: string }) => x.kycStatus)).toEqual(["APPROVED", "APPROVED"]);
    const accounts = await t.call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(businessId)}`, { auth });
    expect(accounts.json.data.length).toBeGreaterThan(0);
    expect(accounts.json.data.every((a: { status: string }) => a.status === "ACTIVE")).toBe(true);
    const history = await t.call("GET", `/verifications?customerId=${encodeURIComponent(businessId)}`, { auth });
    expect(history.json.data.map((v: { verificationStatus: string }) => v.verificationStatus)).toEqual(["APPROVED", "RESOLVE_ERRORS", "RESOLVE_ERRORS"]);
    expect((await eventTypes(t, p.platform.id)).filter((type) => !type.startsWith("INTERNAL_ACCOUNT."))).toEqual([
      "VERIFICATION.RESOLVE_ERRORS",
      "VERIFICATION.RESOLVE_ERRORS",
      "CUSTOMER.KYB_APPROVED",
      "VERIFICATION.APPROVED",
    ]);
  });
});
