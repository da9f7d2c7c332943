import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceClock } from "../sandbox/advance-clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { completeBusiness, completeIndividual, eventTypes, eventsOf, onboarding, ownerBody, useTemporaryDocumentStore } from "./onboarding-fixtures";
import { VerificationSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  useTemporaryDocumentStore();
  t = await createTestApp();
});
afterAll(() => t.close());

async function platform(settings: { skipVerificationPaperwork?: boolean; isRegulatedFinancialInstitution?: boolean } = {}) {
  const p = await t.createTestPlatform();
  if (Object.keys(settings).length > 0) await t.db.platform.update({ where: { id: p.platform.id }, data: settings });
  return { ...p, platformId: p.platform.id, o: onboarding(t, p.auth) };
}
type P = Awaited<ReturnType<typeof platform>>;

async function accountStatuses(p: P, customerId: string) {
  const res = await t.call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`, { auth: p.auth });
  return (res.json.data as { status: string }[]).map((a) => a.status);
}
async function customerStatus(p: P, customerId: string) {
  const res = await t.call("GET", `/customers/${customerId}`, { auth: p.auth });
  return res.json.kycStatus ?? res.json.kybStatus;
}
/** An individual with every field and a passport. */
async function readyIndividual(p: P, fullName: string) {
  const customer = await p.o.createCustomer(completeIndividual(fullName));
  const passport = await p.o.passport(customer.id);
  expect(passport.status).toBe(201);
  return { customer, passportId: passport.json.id as string };
}

describe("POST /verifications — individuals", () => {
  it("answers RESOLVE_ERRORS listing every missing or invalid field and document, and leaves the customer UNVERIFIED", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer({ customerType: "INDIVIDUAL", fullName: "Ada" });
    const res = await p.o.submit(customer.id);
    expect(res.status).toBe(200);
    expect(VerificationSchema.safeParse(res.json).success).toBe(true);
    expect(res.json.verificationStatus).toBe("RESOLVE_ERRORS");
    const entries = (res.json.errors as { type: string; field?: string; resourceId: string }[]).map((e) => `${e.type}:${e.field ?? ""}`).sort();
    expect(entries).toEqual(
      ["MISSING_FIELD:address", "INVALID_FIELD:fullName", "MISSING_FIELD:birthDate", "MISSING_FIELD:nationality", "MISSING_FIELD:idType", "MISSING_FIELD:identifier", "MISSING_IDENTITY_DOCUMENT:"].sort(),
    );
    expect(res.json.errors.every((e: { resourceId: string }) => e.resourceId === customer.id)).toBe(true);
    expect(res.json.errors.find((e: { type: string }) => e.type === "MISSING_IDENTITY_DOCUMENT").acceptedDocumentTypes).toEqual(["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"]);
    expect(await customerStatus(p, customer.id)).toBe("UNVERIFIED");
    expect(await eventTypes(t, p.platformId)).toEqual(["VERIFICATION.RESOLVE_ERRORS"]);
  });

  it("counts a driver's license only with FRONT and BACK", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer(completeIndividual("Ada Lovelace"));
    const card = (side: string) =>
      p.o.upload({ documentHolder: customer.id, documentType: "DRIVERS_LICENSE", side, country: "US", documentNumber: "D123", issuingAuthority: "CA DMV" });
    expect((await card("FRONT")).status).toBe(201);
    const first = await p.o.submit(customer.id);
    expect(first.json.verificationStatus).toBe("RESOLVE_ERRORS");
    expect(first.json.errors.map((e: { type: string }) => e.type)).toEqual(["MISSING_IDENTITY_DOCUMENT"]);
    await card("BACK");
    expect((await p.o.submit(customer.id)).json.verificationStatus).toBe("APPROVED");
  });

  it("a DRIVERS_LICENSE without a side, or with one side only, is named in the error with what it lacks", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer(completeIndividual("Ada Lovelace"));
    const license = (fields: Record<string, string>) =>
      p.o.upload({ documentHolder: customer.id, documentType: "DRIVERS_LICENSE", country: "US", documentNumber: "D123", issuingAuthority: "CA DMV", ...fields });
    const sideless = await license({});
    expect(sideless.status).toBe(201);
    const first = await p.o.submit(customer.id);
    expect(first.json.errors).toEqual([
      expect.objectContaining({
        type: "MISSING_IDENTITY_DOCUMENT",
        resourceId: customer.id,
        reason: `The DRIVERS_LICENSE ${sideless.json.id} has no side, so it does not count: replace it with PUT /documents/{documentId} giving side FRONT or BACK, and upload the other side with POST /documents. An identity document is a PASSPORT, or the FRONT and BACK of a DRIVERS_LICENSE or NATIONAL_ID`,
      }),
    ]);
    const front = await p.o.upload({ documentType: "DRIVERS_LICENSE", side: "FRONT", country: "US", documentNumber: "D123", issuingAuthority: "CA DMV" }, undefined, { method: "PUT", path: `/documents/${sideless.json.id}` });
    expect(front.status).toBe(200);
    const second = await p.o.submit(customer.id);
    expect(second.json.errors.map((e: { reason: string }) => e.reason)).toEqual([expect.stringMatching(new RegExp(`^The DRIVERS_LICENSE ${sideless.json.id} is its FRONT: upload its BACK with POST /documents \\(side BACK\\)`))]);
    expect((await license({ side: "BACK" })).status).toBe(201);
    expect((await p.o.submit(customer.id)).json.verificationStatus).toBe("APPROVED");
  });

  it("approves a complete packet (other suffix): CUSTOMER.KYC_APPROVED, VERIFICATION.APPROVED, then every account PENDING → ACTIVE", async () => {
    const p = await platform();
    const { customer } = await readyIndividual(p, "Ada Lovelace");
    expect(customer.kycStatus).toBe("UNVERIFIED");
    const before = await accountStatuses(p, customer.id);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s === "PENDING")).toBe(true);

    const res = await p.o.submit(customer.id);
    expect(res.json).toMatchObject({ verificationStatus: "APPROVED", errors: [], customerId: customer.id });
    expect(await customerStatus(p, customer.id)).toBe("APPROVED");
    expect((await accountStatuses(p, customer.id)).every((s) => s === "ACTIVE")).toBe(true);
    expect(await eventTypes(t, p.platformId)).toEqual(["CUSTOMER.KYC_APPROVED", "VERIFICATION.APPROVED", ...before.map(() => "INTERNAL_ACCOUNT.STATUS_UPDATED")]);
    const [kyc] = await eventsOf(t, p.platformId, "CUSTOMER.");
    expect(kyc!.data).toMatchObject({ id: customer.id, kycStatus: "APPROVED" });
  });

  it("001 goes to manual review: PENDING_MANUAL_REVIEW, kycStatus PENDING, accounts stay PENDING", async () => {
    const p = await platform();
    const { customer } = await readyIndividual(p, "Ada Lovelace001");
    const res = await p.o.submit(customer.id);
    expect(res.json.verificationStatus).toBe("PENDING_MANUAL_REVIEW");
    expect(await customerStatus(p, customer.id)).toBe("PENDING");
    expect((await accountStatuses(p, customer.id)).every((s) => s === "PENDING")).toBe(true);
    expect(await eventTypes(t, p.platformId)).toEqual(["CUSTOMER.KYC_PENDING", "VERIFICATION.PENDING_MANUAL_REVIEW"]);
    const again = await p.o.submit(customer.id);
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("INVALID_INPUT");
  });

  it("001 with gaps still lists them first", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer(completeIndividual("Ada Lovelace001"));
    const res = await p.o.submit(customer.id);
    expect(res.json.verificationStatus).toBe("RESOLVE_ERRORS");
    expect(await customerStatus(p, customer.id)).toBe("UNVERIFIED");
  });

  it("002 reports its gaps first, then is REJECTED with CUSTOMER.KYC_REJECTED once complete", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer(completeIndividual("Ada Lovelace002"));
    const first = await p.o.submit(customer.id);
    expect(first.json.verificationStatus).toBe("RESOLVE_ERRORS");
    expect(first.json.errors.map((e: { type: string }) => e.type)).toEqual(["MISSING_IDENTITY_DOCUMENT"]);
    await p.o.passport(customer.id);
    const second = await p.o.submit(customer.id);
    expect(second.json.verificationStatus).toBe("REJECTED");
    expect(await customerStatus(p, customer.id)).toBe("REJECTED");
    expect((await accountStatuses(p, customer.id)).every((s) => s === "PENDING")).toBe(true);
    expect(await eventTypes(t, p.platformId)).toEqual(["VERIFICATION.RESOLVE_ERRORS", "CUSTOMER.KYC_REJECTED", "VERIFICATION.REJECTED"]);
  });

  it("003 flags the identity document once (POOR_QUALITY_DOCUMENT); after PUT /documents/{id} the resubmission is APPROVED", async () => {
    const p = await platform();
    const { customer, passportId } = await readyIndividual(p, "Ada Lovelace003");
    const first = await p.o.submit(customer.id);
    expect(first.json.verificationStatus).toBe("RESOLVE_ERRORS");
    expect(first.json.errors).toEqual([expect.objectContaining({ type: "POOR_QUALITY_DOCUMENT", resourceId: passportId })]);
    expect((await t.call("GET", `/documents/${passportId}`, { auth: p.auth })).json.rejectionReason).toBe("LOW_QUALITY");

    const unchanged = await p.o.submit(customer.id);
    expect(unchanged.json.verificationStatus).toBe("RESOLVE_ERRORS");
    // Only the rejection, which says to replace the passport (PUT): no "missing identity document" asking to POST another (F5.2).
    expect(unchanged.json.errors).toEqual([expect.objectContaining({ type: "POOR_QUALITY_DOCUMENT", resourceId: passportId, reason: expect.stringContaining("PUT /documents/{documentId}") })]);

    const replaced = await p.o.upload(
      { documentType: "PASSPORT", country: "US", documentNumber: "X1234567", issuingAuthority: "US State Dept" },
      undefined,
      { method: "PUT", path: `/documents/${passportId}` },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.json.rejectionReason).toBeUndefined();
    expect((await p.o.submit(customer.id)).json.verificationStatus).toBe("APPROVED");
    expect(await customerStatus(p, customer.id)).toBe("APPROVED");
  });

  it("after APPROVED, renaming changes nothing and a resubmission is refused with 400", async () => {
    const p = await platform();
    const { customer } = await readyIndividual(p, "Ada Lovelace");
    await p.o.submit(customer.id);
    const renamed = await t.call("PATCH", `/customers/${customer.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", fullName: "Ada Lovelace002" } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.kycStatus).toBe("APPROVED");
    const again = await p.o.submit(customer.id);
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("INVALID_INPUT");
    expect(again.json.message).toContain("APPROVED");
  });
});

describe("POST /verifications — businesses and owners", () => {
  it("a business with 002 lists every missing field, owner and document first", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer({ customerType: "BUSINESS", businessInfo: { legalName: "Acme Corp", country: "US", registrationNumber: "REG-002" } });
    const res = await p.o.submit(customer.id);
    expect(res.json.verificationStatus).toBe("RESOLVE_ERRORS");
    const entries = (res.json.errors as { type: string; field?: string }[]).map((e) => `${e.type}:${e.field ?? ""}`).sort();
    expect(entries).toEqual(
      [
        "MISSING_FIELD:address",
        "MISSING_FIELD:businessInfo.taxId",
        "MISSING_FIELD:businessInfo.incorporatedOn",
        "MISSING_BENEFICIAL_OWNER:",
        "MISSING_CONTROL_PERSON:",
        "MISSING_LEGAL_PRESENCE_DOCUMENT:",
        "MISSING_CONTROL_STRUCTURE_DOCUMENT:",
        "MISSING_OWNERSHIP_STRUCTURE_DOCUMENT:",
        "MISSING_PROOF_OF_ADDRESS_DOCUMENT:",
      ].sort(),
    );
    expect(await customerStatus(p, customer.id)).toBe("UNVERIFIED");
  });

  it("names an owner without an identity document", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer(completeBusiness("REG-100"));
    const owner = await p.o.createOwner(ownerBody(customer.id, "Hopper", { roles: ["UBO", "CONTROL_PERSON"] }));
    for (const type of ["ARTICLES_OF_ASSOCIATION", "TRUST_AGREEMENT", "BANK_STATEMENT"]) await p.o.businessDocument(customer.id, type);
    const res = await p.o.submit(customer.id);
    expect(res.json.errors).toEqual([expect.objectContaining({ type: "MISSING_IDENTITY_DOCUMENT", resourceId: owner.id })]);
  });

  it("a complete packet is APPROVED: KYB events, owners resolved by their suffix, accounts activated", async () => {
    const p = await platform();
    const { customer, owner } = await p.o.completeBusinessPacket("REG-100");
    const director = await p.o.createOwner(ownerBody(customer.id, "Smith001", { roles: ["DIRECTOR"], ownershipPercentage: 0 }));
    await p.o.passport(director.id);
    const res = await p.o.submit(customer.id);
    expect(res.json.verificationStatus).toBe("PENDING_MANUAL_REVIEW");

    const p2 = await platform();
    const b = await p2.o.completeBusinessPacket("REG-100");
    const approved = await p2.o.submit(b.customer.id);
    expect(approved.json.verificationStatus).toBe("APPROVED");
    expect(await customerStatus(p2, b.customer.id)).toBe("APPROVED");
    expect((await t.call("GET", `/beneficial-owners/${b.owner.id}`, { auth: p2.auth })).json.kycStatus).toBe("APPROVED");
    expect((await accountStatuses(p2, b.customer.id)).every((s) => s === "ACTIVE")).toBe(true);
    const types = await eventTypes(t, p2.platformId);
    expect(types.slice(0, 2)).toEqual(["CUSTOMER.KYB_APPROVED", "VERIFICATION.APPROVED"]);
    expect(types.slice(2).every((type) => type === "INTERNAL_ACCOUNT.STATUS_UPDATED")).toBe(true);
    // an owner with 001 keeps its business in review and is still unresolved
    expect((await t.call("GET", `/beneficial-owners/${owner.id}`, { auth: p.auth })).json.kycStatus).toBe("UNVERIFIED");
  });

  it("an owner whose lastName ends in 002 rejects the business (APPLICANT_REJECTED naming the owner)", async () => {
    const p = await platform();
    const { customer, owner } = await p.o.completeBusinessPacket("REG-100", "Hopper002");
    const res = await p.o.submit(customer.id);
    expect(res.json.verificationStatus).toBe("REJECTED");
    expect(res.json.errors).toEqual([expect.objectContaining({ type: "APPLICANT_REJECTED", resourceId: owner.id })]);
    expect(await customerStatus(p, customer.id)).toBe("REJECTED");
    expect((await t.call("GET", `/beneficial-owners/${owner.id}`, { auth: p.auth })).json.kycStatus).toBe("REJECTED");
    expect(await eventTypes(t, p.platformId)).toEqual(["CUSTOMER.KYB_REJECTED", "VERIFICATION.REJECTED"]);
  });

  it("registration number 002 with a complete packet is REJECTED", async () => {
    const p = await platform();
    const { customer } = await p.o.completeBusinessPacket("REG-002");
    expect((await p.o.submit(customer.id)).json.verificationStatus).toBe("REJECTED");
    expect(await customerStatus(p, customer.id)).toBe("REJECTED");
  });

  it("registration number 003 is IN_PROGRESS (kybStatus PENDING) and APPROVED a minute later on the sandbox clock", async () => {
    const p = await platform();
    const { customer } = await p.o.completeBusinessPacket("REG-003");
    const res = await p.o.submit(customer.id);
    expect(res.json.verificationStatus).toBe("IN_PROGRESS");
    expect(await customerStatus(p, customer.id)).toBe("PENDING");
    await advanceClock(t.db, p.platformId, 59);
    expect((await t.call("GET", `/verifications/${res.json.id}`, { auth: p.auth })).json.verificationStatus).toBe("IN_PROGRESS");
    await advanceClock(t.db, p.platformId, 2);
    expect((await t.call("GET", `/verifications/${res.json.id}`, { auth: p.auth })).json.verificationStatus).toBe("APPROVED");
    expect(await customerStatus(p, customer.id)).toBe("APPROVED");
    const types = (await eventTypes(t, p.platformId)).filter((type) => !type.startsWith("INTERNAL_ACCOUNT."));
    expect(types).toEqual(["CUSTOMER.KYB_PENDING", "VERIFICATION.IN_PROGRESS", "CUSTOMER.KYB_APPROVED", "VERIFICATION.APPROVED"]);
    expect((await accountStatuses(p, customer.id)).every((s) => s === "ACTIVE")).toBe(true);
  });
});

describe("a customer deleted during its review", () => {
  it("registration number 003, then DELETE /customers: the review a minute later approves nothing, activates nothing and sends no KYB_APPROVED", async () => {
    const p = await platform();
    const { customer } = await p.o.completeBusinessPacket("REG-003");
    const res = await p.o.submit(customer.id);
    expect(res.json.verificationStatus).toBe("IN_PROGRESS");
    const accountsBefore = await accountStatuses(p, customer.id);
    expect((await t.call("DELETE", `/customers/${customer.id}`, { auth: p.auth })).status).toBe(200);
    await advanceClock(t.db, p.platformId, 61);
    expect(await customerStatus(p, customer.id)).toBe("PENDING"); // GET still shows a deleted customer (isDeleted true)
    expect(await accountStatuses(p, customer.id)).toEqual(accountsBefore);
    expect(await eventTypes(t, p.platformId)).not.toContain("CUSTOMER.KYB_APPROVED");
  });
});

describe("platform settings", () => {
  it("skip verification paperwork: individuals resolve at creation by suffix (other APPROVED with ACTIVE accounts, 002 REJECTED, 001 stays UNVERIFIED)", async () => {
    const p = await platform({ skipVerificationPaperwork: true });
    const approved = await p.o.createCustomer({ customerType: "INDIVIDUAL", fullName: "Sam Smith", agreementConsents: completeIndividual("x").agreementConsents });
    expect(approved.kycStatus).toBe("APPROVED");
    expect((await accountStatuses(p, approved.id)).every((s) => s === "ACTIVE")).toBe(true);
    const rejected = await p.o.createCustomer({ customerType: "INDIVIDUAL", fullName: "Sam Smith002" });
    expect(rejected.kycStatus).toBe("REJECTED");
    const review = await p.o.createCustomer({ customerType: "INDIVIDUAL", fullName: "Sam Smith001" });
    expect(review.kycStatus).toBe("UNVERIFIED");
    expect((await p.o.submit(review.id)).json.verificationStatus).toBe("RESOLVE_ERRORS");
    const list = await t.call("GET", `/verifications?customerId=${encodeURIComponent(approved.id)}`, { auth: p.auth });
    expect(list.json.data.map((v: { verificationStatus: string }) => v.verificationStatus)).toEqual(["APPROVED"]);
    expect((await eventTypes(t, p.platformId)).slice(0, 2)).toEqual(["CUSTOMER.KYC_APPROVED", "VERIFICATION.APPROVED"]);
  });

  it("skip verification paperwork: a business resolves at its first submission without documents", async () => {
    const p = await platform({ skipVerificationPaperwork: true });
    const customer = await p.o.createCustomer({ customerType: "BUSINESS", businessInfo: { legalName: "Acme", country: "US", registrationNumber: "R-42" } });
    expect(customer.kybStatus).toBe("UNVERIFIED");
    expect((await p.o.submit(customer.id)).json.verificationStatus).toBe("APPROVED");
  });

  it("PATCH /config turns the setting on and shows it", async () => {
    const p = await platform();
    const res = await t.call("PATCH", "/config", { auth: p.auth, body: { skipVerificationPaperwork: true } });
    expect(res.status).toBe(200);
    expect(res.json.skipVerificationPaperwork).toBe(true);
  });

  it("regulated platforms: customers are APPROVED at creation and POST /verifications answers 400", async () => {
    const p = await platform({ isRegulatedFinancialInstitution: true });
    const customer = await p.o.createCustomer({ customerType: "INDIVIDUAL", fullName: "Ada Lovelace" });
    expect(customer.kycStatus).toBe("APPROVED");
    const res = await p.o.submit(customer.id);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
  });
});

describe("reads, errors and the KYC link", () => {
  it("lists with filters, gets by id, and answers 404 for unknown ids and another platform's", async () => {
    const p = await platform();
    const a = await p.o.createCustomer({ customerType: "INDIVIDUAL", fullName: "Ada" });
    const { customer: b } = await readyIndividual(p, "Bob Builder");
    const va = (await p.o.submit(a.id)).json;
    const vb = (await p.o.submit(b.id)).json;
    const all = await t.call("GET", "/verifications", { auth: p.auth });
    expect(all.json.data.map((v: { id: string }) => v.id)).toEqual([vb.id, va.id]);
    const approved = await t.call("GET", "/verifications?verificationStatus=APPROVED", { auth: p.auth });
    expect(approved.json.data.map((v: { id: string }) => v.id)).toEqual([vb.id]);
    expect((await t.call("GET", `/verifications/${va.id}`, { auth: p.auth })).json).toEqual(va);
    const other = await platform();
    expect((await t.call("GET", `/verifications/${va.id}`, { auth: other.auth })).status).toBe(404);
    expect((await t.call("GET", "/verifications/Verification:nope", { auth: p.auth })).json.code).toBe("NOT_FOUND");
    const unknown = await p.o.submit("Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10");
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("USER_NOT_FOUND");
  });

  it("a deleted customer → 410 CUSTOMER_DELETED", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer({ customerType: "INDIVIDUAL", fullName: "Ada Lovelace" });
    expect((await t.call("DELETE", `/customers/${customer.id}`, { auth: p.auth })).status).toBe(200);
    const res = await p.o.submit(customer.id);
    expect(res.status).toBe(410);
    expect(res.json.code).toBe("CUSTOMER_DELETED");
  });

  it("needs MANAGE to submit", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer({ customerType: "INDIVIDUAL", fullName: "Ada Lovelace" });
    const viewer = await p.tokenWith(["VIEW"]);
    expect((await t.call("POST", "/verifications", { auth: viewer, body: { customerId: customer.id } })).status).toBe(403);
  });

  it("POST /customers/{id}/kyc-link gives a fresh hosted link each time; 404 for an unknown customer", async () => {
    const p = await platform();
    const customer = await p.o.createCustomer({ customerType: "INDIVIDUAL", fullName: "Ada Lovelace" });
    const first = await t.call("POST", `/customers/${customer.id}/kyc-link`, { auth: p.auth, body: { redirectUri: "https://example.com/done" } });
    expect(first.status).toBe(201);
    expect(first.json.provider).toBe("SUMSUB");
    expect(first.json.kycUrl).toMatch(/\/verify\/kyc\/[A-Za-z0-9_-]{20,}$/);
    const second = await t.call("POST", `/customers/${customer.id}/kyc-link`, { auth: p.auth });
    expect(second.status).toBe(201);
    expect(second.json.kycUrl).not.toBe(first.json.kycUrl);
    expect(await customerStatus(p, customer.id)).toBe("UNVERIFIED");
    const missing = await t.call("POST", "/customers/Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/kyc-link", { auth: p.auth, body: {} });
    expect(missing.status).toBe(404);
  });
});

describe("POST /verifications — concurrency", () => {
  it("concurrent submissions of one customer: one 200, the others 400; one verification, one KYC event", async () => {
    const p = await platform();
    const { customer } = await readyIndividual(p, "Ada Lovelace");
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 5 }, () => p.o.submit(customer.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await t.db.verification.count({ where: { platformId: p.platformId } })).toBe(1);
    expect((await eventTypes(t, p.platformId)).filter((type) => type === "CUSTOMER.KYC_APPROVED")).toHaveLength(1);
  });

  it("a submission racing DELETE /customers never verifies the deleted customer", async () => {
    const p = await platform();
    for (let i = 0; i < 10; i++) {
      const { customer } = await readyIndividual(p, "Ada Lovelace");
      await t.warmPool();
      const [del, ...submissions] = await Promise.all([t.call("DELETE", `/customers/${customer.id}`, { auth: p.auth }), p.o.submit(customer.id), p.o.submit(customer.id)]);
      expect(del.status).toBe(200);
      for (const s of submissions) expect([200, 400, 410]).toContain(s.status);
    }
    const approved = await eventsOf(t, p.platformId, "CUSTOMER.KYC_APPROVED");
    expect(approved.filter((e) => e.data.isDeleted).map((e) => e.data.id)).toEqual([]);
  });
});
