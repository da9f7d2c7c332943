import type { ContactVerification, Customer as CustomerModel, CustomerAgreementConsent } from "@/lib/generated/prisma/client";
import { serializeBeneficialOwner, type BeneficialOwnerRow } from "../beneficial-owners/serialize-beneficial-owner";
import { requiredContactChannels } from "../contact-verification/contact-requirements";
import { formatId } from "../http/ids";
import { AGREEMENT_TYPES, END_USER_TERMS, type AgreementType } from "./agreements";
import { EDD_FIELD_NAMES, type Address, type AgreementConsent, type BusinessInfo, type Customer, type IdentificationType } from "./schemas";

/**
 * The relations selectCustomers reads beside a customer, in Prisma's form (its test compares the
 * two). A row for an answer or an event comes from selectCustomers or getCustomerOrThrow with
 * isWithBeneficialOwners, so that a business carries its owners.
 */
export const CUSTOMER_INCLUDE = { agreementConsents: true, contactVerification: true } as const;

/**
 * `contactVerification` is optional so rows loaded with only the consents still serialize (without
 * it). `beneficialOwners` is there when asked for (selectCustomers' isWithBeneficialOwners, which
 * every answer and event asks for) and only on businesses: undefined when not loaded.
 */
export type CustomerRow = CustomerModel & {
  agreementConsents: CustomerAgreementConsent[];
  contactVerification?: ContactVerification | null;
  beneficialOwners?: BeneficialOwnerRow[] | undefined;
};

/**
 * A customer as the API returns it, in responses and in webhook `data` (SPEC.md "Customer (as sent
 * in events)"). `identifier` is write-only and never appears. Consents: the latest acceptance per
 * type, in the order of GET /customers/agreements. A business loaded with its owners carries them
 * as GET /beneficial-owners returns them (API-INDEX.md "Business … on responses").
 */
export function serializeCustomer(row: CustomerRow): Customer {
  // One literal, then the optional fields assigned in the answer's order: spreading conditional
  // parts (`...(x !== null && { x })`) made a temporary object per field and V8 add each following
  // property the slow way (the dearest part of a page of customers).
  const customer: Record<string, unknown> = {
    customerType: row.customerType === "BUSINESS" ? "BUSINESS" : "INDIVIDUAL",
    id: formatId("Customer", row.id),
    platformCustomerId: row.platformCustomerId,
    umaAddress: row.umaAddress,
  };
  if (row.region !== null) customer.region = row.region;
  customer.currencies = row.currencies;
  if (row.email !== null) customer.email = row.email;
  if (row.phoneNumber !== null) customer.phoneNumber = row.phoneNumber;
  const { agreementConsents, endUserTermsConsent } = consents(row.agreementConsents);
  customer.agreementConsents = agreementConsents;
  if (endUserTermsConsent) customer.endUserTermsConsent = endUserTermsConsent;
  const verification = contactVerification(row);
  if (verification) customer.contactVerification = verification;
  customer.isDeleted = row.deletedAt !== null;
  customer.createdAt = row.createdAt.toISOString();
  customer.updatedAt = row.updatedAt.toISOString();
  if (row.customerType === "BUSINESS") {
    customer.kybStatus = row.kycStatus;
    if (row.address !== null) customer.address = row.address as Address;
    customer.businessInfo = (row.businessInfo ?? { legalName: "" }) as BusinessInfo;
    if (row.beneficialOwners) customer.beneficialOwners = row.beneficialOwners.map(serializeBeneficialOwner);
    return customer as Customer;
  }
  customer.kycStatus = row.kycStatus;
  if (row.fullName !== null) customer.fullName = row.fullName;
  if (row.birthDate !== null) customer.birthDate = row.birthDate.toISOString().slice(0, 10);
  if (row.nationality !== null) customer.nationality = row.nationality;
  if (row.address !== null) customer.address = row.address as Address;
  if (row.idType !== null) customer.idType = row.idType as IdentificationType;
  if (row.countryOfIssuance !== null) customer.countryOfIssuance = row.countryOfIssuance;
  const edd = (row.dueDiligence ?? {}) as Record<string, unknown>;
  for (const name of EDD_FIELD_NAMES) if (edd[name] !== undefined) customer[name] = edd[name];
  return customer as Customer;
}

function consents(rows: CustomerAgreementConsent[]) {
  const latest = new Map<string, CustomerAgreementConsent>();
  const sorted = [...rows].sort(
    (a, b) => b.acceptedAt.getTime() - a.acceptedAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
  );
  for (const row of sorted) if (!latest.has(row.type)) latest.set(row.type, row);
  const agreementConsents: AgreementConsent[] = AGREEMENT_TYPES.filter((type) => latest.has(type)).map((type) => serializeConsent(type, latest.get(type)!));
  const endUserTerms = agreementConsents.find((c) => c.type === END_USER_TERMS);
  if (!endUserTerms) return { agreementConsents, endUserTermsConsent: undefined };
  const { type: _type, ...endUserTermsConsent } = endUserTerms;
  return { agreementConsents, endUserTermsConsent };
}

function serializeConsent(type: AgreementType, row: CustomerAgreementConsent): AgreementConsent {
  return {
    type,
    acceptedAt: row.acceptedAt.toISOString(),
    ipAddress: row.ipAddress,
    termsVersion: row.termsVersion,
    acceptanceMethod: row.acceptanceMethod as AgreementConsent["acceptanceMethod"],
  };
}

/** BEHAVIORS.md §9.5: present only where the provider mandates it; channels not yet confirmed are PENDING. */
function contactVerification(row: CustomerRow): Record<string, "VERIFIED" | "PENDING"> | undefined {
  const channels = requiredContactChannels(row);
  if (channels.length === 0 || row.contactVerification === undefined) return undefined;
  return Object.fromEntries(channels.map((c) => [c, row.contactVerification?.[c] === "VERIFIED" ? "VERIFIED" : "PENDING"]));
}
