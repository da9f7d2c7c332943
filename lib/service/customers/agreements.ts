/**
 * The agreements a customer can accept (SPEC.md "Customers and onboarding": seven types; accepting
 * one never implies another). The seed names only SERVICE_END_USER_TERMS; the other six names are
 * our choice. Each has one current version, the only one `termsVersion` may carry; bumping a
 * version here makes older acceptances history (they stay on file and are still returned).
 */
export const AGREEMENTS = [
  {
    type: "SERVICE_END_USER_TERMS",
    name: "End-user terms of service",
    version: "2025-10-13",
  },
  {
    type: "SERVICE_PRIVACY_POLICY",
    name: "Privacy notice",
    version: "2025-09-01",
  },
  {
    type: "ELECTRONIC_COMMUNICATIONS_CONSENT",
    name: "Consent to electronic communications and signatures (E-SIGN)",
    version: "2025-06-01",
  },
  {
    type: "IDENTITY_DATA_SHARING_CONSENT",
    name: "Consent to share identity data with verification and banking partners",
    version: "2025-06-01",
  },
  {
    type: "EMBEDDED_WALLET_TERMS",
    name: "Embedded self-custody wallet terms",
    version: "2025-08-15",
  },
  {
    type: "CARDHOLDER_AGREEMENT",
    name: "Debit cardholder agreement",
    version: "2025-07-01",
  },
  {
    type: "STABLECOIN_TERMS",
    name: "Stablecoin holder terms",
    version: "2025-10-01",
  },
] as const;

export type AgreementType = (typeof AGREEMENTS)[number]["type"];
export const AGREEMENT_TYPES = AGREEMENTS.map((a) => a.type) as [AgreementType, ...AgreementType[]];

/** The type the deprecated `endUserTermsConsent` stands for; quotes need it on unregulated platforms. */
export const END_USER_TERMS: AgreementType = "SERVICE_END_USER_TERMS";

/** Where the sandbox hosts the agreement texts. */
const AGREEMENTS_BASE_URL = "https://legal.sandbox.service.example/agreements";

export function agreementUrl(type: AgreementType, version: string): string {
  return `${AGREEMENTS_BASE_URL}/${type.toLowerCase().replace(/_/g, "-")}/${version}`;
}

export function currentAgreement(type: AgreementType) {
  const agreement = AGREEMENTS.find((a) => a.type === type)!;
  return { ...agreement, url: agreementUrl(agreement.type, agreement.version) };
}
