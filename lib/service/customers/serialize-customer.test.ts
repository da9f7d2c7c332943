import { describe, expect, it } from "vitest";
import { uuidv7 } from "../http/ids";
import { serializeCustomer, type CustomerRow } from "./serialize-customer";

const at = new Date("2026-01-02T03:04:05.000Z");
const consent = (type: string, acceptedAt: Date) => ({ id: uuidv7(), customerId: "c", platformId: "p", type, acceptedAt, ipAddress: "192.0.2.1", termsVersion: "v1", acceptanceMethod: "CLICKWRAP", createdAt: acceptedAt });
const base = {
  id: uuidv7(),
  platformId: uuidv7(),
  platformCustomerId: "pc-1",
  umaAddress: "$ada@sandbox.example",
  region: "DE",
  currencies: ["EUR"],
  email: "ada@example.com",
  phoneNumber: "+4930123456",
  kycStatus: "APPROVED",
  address: { line1: "1 Main St", country: "DE" },
  deletedAt: null,
  createdAt: at,
  updatedAt: at,
  agreementConsents: [consent("SERVICE_END_USER_TERMS", new Date("2026-01-01T00:00:00.000Z")), consent("SERVICE_END_USER_TERMS", at)],
  contactVerification: { email: "VERIFIED", phone: null },
};

describe("serializeCustomer", () => {
  it("answers an individual's fields in the documented order, optional ones only when set, the latest consent per type", () => {
    const row = { ...base, customerType: "INDIVIDUAL", fullName: "Ada Lovelace", birthDate: new Date("1815-12-10T00:00:00.000Z"), nationality: "GB", idType: "PASSPORT", countryOfIssuance: "GB", dueDiligence: { pepStatus: "NOT_PEP", annualIncomeRange: "UNDER_50K" } } as unknown as CustomerRow;
    const customer = serializeCustomer(row) as unknown as Record<string, unknown>;
    expect(Object.keys(customer)).toEqual([
      "customerType", "id", "platformCustomerId", "umaAddress", "region", "currencies", "email", "phoneNumber", "agreementConsents", "endUserTermsConsent", "contactVerification",
      "isDeleted", "createdAt", "updatedAt", "kycStatus", "fullName", "birthDate", "nationality", "address", "idType", "countryOfIssuance", "annualIncomeRange", "pepStatus",
    ]);
    expect(customer).toMatchObject({ birthDate: "1815-12-10", contactVerification: { email: "VERIFIED", phone: "PENDING" }, endUserTermsConsent: { acceptedAt: at.toISOString() } });
    expect(customer.endUserTermsConsent).not.toHaveProperty("type");
  });

  it("answers a business with kybStatus and businessInfo, and leaves out what is not set", () => {
    const row = { ...base, customerType: "BUSINESS", region: null, email: null, phoneNumber: null, address: null, agreementConsents: [], businessInfo: { legalName: "Acme" }, fullName: null, birthDate: null, nationality: null, idType: null, countryOfIssuance: null, dueDiligence: null } as unknown as CustomerRow;
    const customer = serializeCustomer(row) as unknown as Record<string, unknown>;
    expect(Object.keys(customer)).toEqual(["customerType", "id", "platformCustomerId", "umaAddress", "currencies", "agreementConsents", "isDeleted", "createdAt", "updatedAt", "kybStatus", "businessInfo"]);
    expect(customer).toMatchObject({ customerType: "BUSINESS", kybStatus: "APPROVED", businessInfo: { legalName: "Acme" }, agreementConsents: [] });
  });
});
