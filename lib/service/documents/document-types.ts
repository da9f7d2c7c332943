/** Every DocumentType of the reference (api-shapes.json). */
export const DOCUMENT_TYPES = [
  "PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID", "PROOF_OF_ADDRESS", "BANK_STATEMENT", "TAX_RETURN",
  "CERTIFICATE_OF_INCORPORATION", "ARTICLES_OF_INCORPORATION", "ARTICLES_OF_ASSOCIATION", "STATE_REGISTRY_EXCERPT",
  "GOOD_STANDING_CERTIFICATE", "INFORMATION_STATEMENT", "INCUMBENCY_CERTIFICATE", "BUSINESS_LICENSE",
  "SHAREHOLDER_REGISTER", "POWER_OF_ATTORNEY", "UTILITY_BILL", "ELECTRICITY_BILL", "RENT_OR_LEASE_AGREEMENT",
  "DIRECTOR_REGISTRY", "TRUST_AGREEMENT", "STATE_COMPANY_REGISTRY", "PARTNERSHIP_CONTROL_AGREEMENT",
  "PARTNERSHIP_AGREEMENT", "SELFIE", "OTHER",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Identity documents: need `documentNumber` and `issuingAuthority`; cards need FRONT and BACK. */
export const IDENTITY_DOCUMENT_TYPES = ["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"] as const satisfies readonly DocumentType[];
export const TWO_SIDED_DOCUMENT_TYPES: readonly DocumentType[] = ["DRIVERS_LICENSE", "NATIONAL_ID"];

/** Business packet documents by purpose (BEHAVIORS.md §9.6). */
export const LEGAL_PRESENCE_DOCUMENT_TYPES = [
  "CERTIFICATE_OF_INCORPORATION", "ARTICLES_OF_INCORPORATION", "ARTICLES_OF_ASSOCIATION", "STATE_REGISTRY_EXCERPT",
] as const satisfies readonly DocumentType[];
export const CONTROL_STRUCTURE_DOCUMENT_TYPES = [
  "DIRECTOR_REGISTRY", "TRUST_AGREEMENT", "STATE_COMPANY_REGISTRY", "PARTNERSHIP_CONTROL_AGREEMENT",
] as const satisfies readonly DocumentType[];
export const OWNERSHIP_STRUCTURE_DOCUMENT_TYPES = ["SHAREHOLDER_REGISTER", "TRUST_AGREEMENT", "PARTNERSHIP_AGREEMENT"] as const satisfies readonly DocumentType[];
export const PROOF_OF_ADDRESS_DOCUMENT_TYPES = [
  "UTILITY_BILL", "RENT_OR_LEASE_AGREEMENT", "ELECTRICITY_BILL", "BANK_STATEMENT", "TAX_RETURN", "PROOF_OF_ADDRESS",
] as const satisfies readonly DocumentType[];

/** Sandbox review results, also the 400 codes of an upload the sandbox refuses (SPEC.md § Errors). */
export const REJECTION_REASONS = ["LOW_QUALITY", "DATA_MISMATCH", "EXPIRED", "SUSPECTED_FRAUD", "UNSUITABLE_DOCUMENT", "INCOMPLETE"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** Accepted file formats: PDF, JPEG, PNG, recognised by their first bytes (the declared type must agree). */
export const CONTENT_TYPES = { "application/pdf": [0x25, 0x50, 0x44, 0x46], "image/jpeg": [0xff, 0xd8, 0xff], "image/png": [0x89, 0x50, 0x4e, 0x47] } as const;
export type ContentType = keyof typeof CONTENT_TYPES;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
