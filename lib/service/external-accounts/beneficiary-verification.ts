import type { BeneficiaryVerificationStatus } from "./schemas";

export interface BeneficiaryVerification {
  status: BeneficiaryVerificationStatus;
  verifiedData?: { fullName: string };
}

/** What a bank holding an account ending NOT_MATCHED reports as its holder (sandbox). */
export const SANDBOX_OTHER_HOLDER = "Sandbox Account Holder";

const BY_SUFFIX: Readonly<Record<string, BeneficiaryVerificationStatus>> = {
  "102": "NOT_MATCHED",
  "103": "PARTIAL_MATCH",
  "104": "PENDING",
  "106": "UNSUPPORTED",
  "107": "CHECKED_BY_RECEIVING_FI",
};

/** Suffix 105: the account is rejected at creation (BEHAVIORS.md §4.4, 10.29). */
export const REJECTED_ACCOUNT_SUFFIX = "105";

/**
 * Sandbox name check of a bank account's beneficiary by the primary identifier's suffix
 * (BEHAVIORS.md §4.4): 102 NOT_MATCHED, 103 PARTIAL_MATCH, 104 PENDING, 106 UNSUPPORTED,
 * 107 CHECKED_BY_RECEIVING_FI, anything else MATCHED. `verifiedData` carries the holder's name as
 * the bank reports it where the check produced one: the given name when MATCHED, the first name
 * reduced to an initial when PARTIAL_MATCH, another holder when NOT_MATCHED.
 */
export function verifyBeneficiaryName(suffix: string, name: string | undefined): BeneficiaryVerification {
  const status = BY_SUFFIX[suffix] ?? "MATCHED";
  if (name === undefined) return { status };
  if (status === "MATCHED") return { status, verifiedData: { fullName: name } };
  if (status === "PARTIAL_MATCH") return { status, verifiedData: { fullName: partialName(name) } };
  if (status === "NOT_MATCHED") return { status, verifiedData: { fullName: SANDBOX_OTHER_HOLDER } };
  return { status };
}

function partialName(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return `${name.trim()} Ltd`;
  return `${words[0]![0]}. ${words.slice(1).join(" ")}`;
}
