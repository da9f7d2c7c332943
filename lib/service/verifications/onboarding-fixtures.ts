// Test-only helpers for the onboarding areas (verifications, documents, owners, contact, SCA).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { currentAgreement } from "../customers/agreements";
import { setDocumentStore } from "../documents/document-store";
import { API_BASE_PATH } from "../http/openapi";
import { basic, type Credentials, type TestApp } from "../testing/test-app";

/** Document bytes go to a fresh temporary folder for the test run (DOCUMENT_STORAGE_DIR). */
export function useTemporaryDocumentStore(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "documents-"));
  process.env.DOCUMENT_STORAGE_DIR = dir;
  setDocumentStore(undefined); // the next documentStore() call opens the folder above
  return dir;
}

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
export const PDF = new TextEncoder().encode("%PDF-1.4\n%sandbox\n");

export function endUserTermsConsent() {
  const terms = currentAgreement("SERVICE_END_USER_TERMS");
  return { type: terms.type, termsVersion: terms.version, acceptedAt: "2025-11-01T10:00:00.000Z", ipAddress: "203.0.113.7", acceptanceMethod: "CHECKBOX" };
}

export const address = { line1: "1 Main St", city: "San Francisco", state: "CA", postalCode: "94105", country: "US" };

/** An individual with every packet field (no documents yet); accounts provisioned (terms accepted). */
export function completeIndividual(fullName: string, extra: Record<string, unknown> = {}) {
  return {
    customerType: "INDIVIDUAL",
    fullName,
    birthDate: "1990-12-10",
    nationality: "US",
    idType: "SSN",
    identifier: "123-45-6789",
    address,
    agreementConsents: [endUserTermsConsent()],
    ...extra,
  };
}

export function completeBusiness(registrationNumber: string, extra: Record<string, unknown> = {}) {
  return {
    customerType: "BUSINESS",
    address,
    businessInfo: { legalName: "Acme Corp", country: "US", taxId: "12-3456789", incorporatedOn: "2015-03-01", registrationNumber },
    agreementConsents: [endUserTermsConsent()],
    ...extra,
  };
}

export function ownerBody(customerId: string, lastName: string, extra: Record<string, unknown> = {}) {
  return {
    customerId,
    roles: ["UBO"],
    ownershipPercentage: 50,
    personalInfo: { firstName: "Grace", lastName, birthDate: "1980-04-02", nationality: "US", address, idType: "SSN", identifier: "987-65-4321" },
    ...extra,
  };
}

/** Onboarding calls against one platform's credentials. */
export function onboarding(t: TestApp, auth: Credentials) {
  async function upload(fields: Record<string, string>, file: { bytes: Uint8Array; name: string; type?: string } = { bytes: PNG, name: "id.png", type: "image/png" }, options: { method?: string; path?: string; headers?: Record<string, string> } = {}) {
    const form = new FormData();
    form.set("file", new File([file.bytes as BlobPart], file.name, { type: file.type ?? "" }));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = await t.api.request(`${API_BASE_PATH}${options.path ?? "/documents"}`, { method: options.method ?? "POST", headers: { authorization: basic(auth), ...options.headers }, body: form });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined, text };
  }
  const passport = (holder: string, name = "passport.png") =>
    upload({ documentHolder: holder, documentType: "PASSPORT", country: "US", documentNumber: "X1234567", issuingAuthority: "US State Dept" }, { bytes: PNG, name, type: "image/png" });
  const businessDocument = (holder: string, documentType: string) => upload({ documentHolder: holder, documentType, country: "US" }, { bytes: PDF, name: `${documentType}.pdf`, type: "application/pdf" });

  async function createCustomer(body: Record<string, unknown>) {
    const res = await t.call("POST", "/customers", { auth, body });
    if (res.status !== 201) throw new Error(`customer creation failed: ${res.text}`);
    return res.json as { id: string; kycStatus?: string; kybStatus?: string };
  }
  async function createOwner(body: Record<string, unknown>) {
    const res = await t.call("POST", "/beneficial-owners", { auth, body });
    if (res.status !== 201) throw new Error(`owner creation failed: ${res.text}`);
    return res.json as { id: string; kycStatus: string };
  }
  /** A business with every field, one UBO + control person (lastName given), and all documents. */
  async function completeBusinessPacket(registrationNumber: string, ownerLastName = "Hopper") {
    const customer = await createCustomer(completeBusiness(registrationNumber));
    const owner = await createOwner(ownerBody(customer.id, ownerLastName, { roles: ["UBO", "CONTROL_PERSON"] }));
    await passport(owner.id);
    for (const type of ["CERTIFICATE_OF_INCORPORATION", "DIRECTOR_REGISTRY", "SHAREHOLDER_REGISTER", "UTILITY_BILL"]) await businessDocument(customer.id, type);
    return { customer, owner };
  }
  const submit = (customerId: string) => t.call("POST", "/verifications", { auth, body: { customerId } });
  return { upload, passport, businessDocument, createCustomer, createOwner, completeBusinessPacket, submit };
}

/** The platform's webhook event types, oldest first (the outbox). */
export async function eventTypes(t: TestApp, platformId: string): Promise<string[]> {
  const rows = await t.db.webhookEvent.findMany({ where: { platformId, type: { not: "TEST" } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => r.type);
}

export async function eventsOf(t: TestApp, platformId: string, prefix: string) {
  const rows = await t.db.webhookEvent.findMany({ where: { platformId, type: { startsWith: prefix } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
}
