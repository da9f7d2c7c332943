import type { ContactVerification, Customer as CustomerModel, CustomerAgreementConsent } from "@/lib/generated/prisma/client";
import { requiredContactChannels } from "../contact-verification/contact-requirements";
import { formatId } from "../http/ids";
import { AGREEMENT_TYPES, END_USER_TERMS, type AgreementType } from "./agreements";
import { EDD_FIELD_NAMES, type Address, type AgreementConsent, type BusinessInfo, type Customer, type IdentificationType } from "./schemas";

/** Load a customer with this `include` to serialize it. */
export const CUSTOMER_INCLUDE = { agreementConsents: true, contactVerification: true } as const;

/** `contactVerification` is optional so rows loaded with only the consents still serialize (without it). */
export type CustomerRow = CustomerModel & { agreementConsents: CustomerAgreementConsent[]; contactVerification?: ContactVerification | null };

/**
 * A customer as the API returns it, in responses and in webhook `data` (SPEC.md "Customer (as sent
 * in events)"). `identifier` is write-only and never appears. Consents: the latest acceptance per
 * type, in the order of GET /customers/agreements.
 */
export function serializeCustomer(row: CustomerRow): Customer {
  const common = {
    id: formatId("Customer", row.id),
    platformCustomerId: row.platformCustomerId,
    umaAddress: row.umaAddress,
    ...(row.region !== null && { region: row.region }),
    currencies: row.currencies,
    ...(row.email !== null && { email: row.email }),
    ...(row.phoneNumber !== null && { phoneNumber: row.phoneNumber }),
    ...consents(row.agreementConsents),
    ...contactVerification(row),
    isDeleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  const address = row.address === null ? {} : { address: row.address as Address };
  if (row.customerType === "BUSINESS")
    return { customerType: "BUSINESS", ...common, kybStatus: row.kycStatus, ...address, businessInfo: (row.businessInfo ?? { legalName: "" }) as BusinessInfo };

  const edd = (row.dueDiligence ?? {}) as Record<string, unknown>;
  return {
    customerType: "INDIVIDUAL",
    ...common,
    kycStatus: row.kycStatus,
    ...(row.fullName !== null && { fullName: row.fullName }),
    ...(row.birthDate !== null && { birthDate: row.birthDate.toISOString().slice(0, 10) }),
    ...(row.nationality !== null && { nationality: row.nationality }),
    ...address,
    ...(row.idType !== null && { idType: row.idType as IdentificationType }),
    ...(row.countryOfIssuance !== null && { countryOfIssuance: row.countryOfIssuance }),
    ...Object.fromEntries(EDD_FIELD_NAMES.filter((name) => edd[name] !== undefined).map((name) => [name, edd[name]])),
  };
}

function consents(rows: CustomerAgreementConsent[]) {
  const latest = new Map<string, CustomerAgreementConsent>();
  const sorted = [...rows].sort(
    (a, b) => b.acceptedAt.getTime() - a.acceptedAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
  );
  for (const row of sorted) if (!latest.has(row.type)) latest.set(row.type, row);
  const agreementConsents: AgreementConsent[] = AGREEMENT_TYPES.filter((type) => latest.has(type)).map((type) => serializeConsent(type, latest.get(type)!));
  const endUserTerms = agreementConsents.find((c) => c.type === END_USER_TERMS);
  if (!endUserTerms) return { agreementConsents };
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
function contactVerification(row: CustomerRow) {
  const channels = requiredContactChannels(row);
  if (channels.length === 0 || row.contactVerification === undefined) return {};
  return { contactVerification: Object.fromEntries(channels.map((c) => [c, row.contactVerification?.[c] === "VERIFIED" ? "VERIFIED" : "PENDING"])) };
}
