import type { components } from "@/lib/client/generated/schema";

type VerificationError = components["schemas"]["VerificationError"];
type VerificationStatus = components["schemas"]["VerificationStatus"];
type DocumentType = components["schemas"]["DocumentType"];

/** Customer fields the API names in MISSING_FIELD / INVALID_FIELD, as the customer form labels them. */
const FIELD_LABELS: Record<string, string> = {
  address: "address",
  fullName: "full name",
  birthDate: "date of birth",
  nationality: "nationality",
  idType: "ID type",
  identifier: "ID number",
  "businessInfo.legalName": "legal name",
  "businessInfo.country": "country of incorporation",
  "businessInfo.taxId": "tax ID",
  "businessInfo.incorporatedOn": "incorporation date",
  "businessInfo.registrationNumber": "registration number",
};

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  PASSPORT: "Passport",
  DRIVERS_LICENSE: "Driver's license",
  NATIONAL_ID: "National ID card",
  PROOF_OF_ADDRESS: "Proof of address",
  BANK_STATEMENT: "Bank statement",
  TAX_RETURN: "Tax return",
  CERTIFICATE_OF_INCORPORATION: "Certificate of incorporation",
  ARTICLES_OF_INCORPORATION: "Articles of incorporation",
  ARTICLES_OF_ASSOCIATION: "Articles of association",
  STATE_REGISTRY_EXCERPT: "State registry excerpt",
  GOOD_STANDING_CERTIFICATE: "Certificate of good standing",
  INFORMATION_STATEMENT: "Information statement",
  INCUMBENCY_CERTIFICATE: "Incumbency certificate",
  BUSINESS_LICENSE: "Business license",
  SHAREHOLDER_REGISTER: "Shareholder register",
  POWER_OF_ATTORNEY: "Power of attorney",
  UTILITY_BILL: "Utility bill",
  ELECTRICITY_BILL: "Electricity bill",
  RENT_OR_LEASE_AGREEMENT: "Rent or lease agreement",
  DIRECTOR_REGISTRY: "Director registry",
  TRUST_AGREEMENT: "Trust agreement",
  STATE_COMPANY_REGISTRY: "State company registry",
  PARTNERSHIP_CONTROL_AGREEMENT: "Partnership control agreement",
  PARTNERSHIP_AGREEMENT: "Partnership agreement",
  SELFIE: "Selfie",
  OTHER: "Other document",
};

/** Support-readable names of the verification states (the API's enum stays visible in the badge). */
export const VERIFICATION_STATUS_TEXT: Record<VerificationStatus, string> = {
  RESOLVE_ERRORS: "Something is missing or wrong; fix the items listed and submit again.",
  READY_FOR_VERIFICATION: "Everything is on file; the review starts shortly.",
  IN_PROGRESS: "The review is running.",
  PENDING_MANUAL_REVIEW: "A compliance officer is reviewing the customer by hand.",
  APPROVED: "Approved: the customer's accounts are active.",
  REJECTED: "Rejected: the customer cannot use the service.",
};

export function documentTypeList(types: readonly DocumentType[] | undefined): string {
  return (types ?? []).map((t) => DOCUMENT_TYPE_LABELS[t].toLowerCase()).join(", ");
}

/**
 * One verification error as a sentence a support person can act on. `who` names the resource the
 * entry is about ("the business", "Pat Founder", "the passport of Pat Founder").
 */
export function describeVerificationError(error: VerificationError, who: string): string {
  const field = error.field ? (FIELD_LABELS[error.field] ?? error.field) : "a field";
  const accepted = documentTypeList(error.acceptedDocumentTypes);
  const oneOf = accepted ? ` (one of: ${accepted})` : "";
  switch (error.type) {
    case "MISSING_FIELD":
      return `The ${field} of ${who} is missing. Edit the customer to add it.`;
    case "INVALID_FIELD":
      return `The ${field} of ${who} is not valid: ${error.reason}.`;
    case "MISSING_IDENTITY_DOCUMENT":
      return `${capitalize(who)} needs an identity document: a passport, or both sides (front and back) of a driver's license or national ID card.`;
    case "MISSING_LEGAL_PRESENCE_DOCUMENT":
      return `Upload a document proving the business exists${oneOf}.`;
    case "MISSING_CONTROL_STRUCTURE_DOCUMENT":
      return `Upload a document showing who controls the business${oneOf}.`;
    case "MISSING_OWNERSHIP_STRUCTURE_DOCUMENT":
      return `Upload a document showing who owns the business${oneOf}.`;
    case "MISSING_PROOF_OF_ADDRESS_DOCUMENT":
      return `Upload a proof of the business address${oneOf}.`;
    case "MISSING_GOOD_STANDING_DOCUMENT":
      return "Upload a certificate of good standing for the business.";
    case "MISSING_BENEFICIAL_OWNER":
      return "Add every person who owns 25% or more of the business as a beneficial owner (role UBO).";
    case "MISSING_CONTROL_PERSON":
      return "Add the person who controls the business as a beneficial owner (role control person).";
    case "POOR_QUALITY_DOCUMENT":
    case "UNREADABLE_DOCUMENT":
      return `${capitalize(who)} is hard to read. Replace it with a clear, complete scan or photo.`;
    case "EXPIRED_DOCUMENT":
      return `${capitalize(who)} has expired. Replace it with a current one.`;
    case "INVALID_DOCUMENT":
      return `${capitalize(who)} does not match the customer's details. Replace it with the right document.`;
    case "WRONG_DOCUMENT_TYPE":
      return `${capitalize(who)} is not the kind of document that was asked for. Replace it.`;
    case "INCOMPLETE_DOCUMENT":
      return `${capitalize(who)} is incomplete (pages or sides are missing). Replace it with the full document.`;
    case "SUSPECTED_FRAUD_DOCUMENT":
      return `${capitalize(who)} was flagged as possibly forged. Replace it, or escalate to compliance.`;
    case "DOCUMENT_VERIFICATION_FAILED":
      return `${capitalize(who)} could not be verified. Replace it with another copy.`;
    case "APPLICANT_SANCTIONED":
      return `${capitalize(who)} matched a sanctions list. This cannot be fixed by uploading documents; escalate to compliance.`;
    case "APPLICANT_FRAUD":
      return `${capitalize(who)} was flagged for fraud. Escalate to compliance.`;
    case "APPLICANT_CRIMINAL_RECORD":
      return `${capitalize(who)} was flagged by the criminal record check. Escalate to compliance.`;
    case "APPLICANT_REJECTED":
      return `${capitalize(who)} was rejected by the review. Escalate to compliance.`;
    default:
      return error.reason;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
