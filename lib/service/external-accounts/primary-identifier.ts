import { accountTypeSpec } from "./account-types";

/**
 * The account's primary identifier (account number, IBAN, CLABE, PIX key, UPI id, phone number,
 * wallet or Lightning address), whose last three characters choose sandbox outcomes; for an
 * identifier with a domain part, the user-name part counts (SPEC.md "Sandbox behaviours",
 * BEHAVIORS.md §4.1). Transfers and quotes use this for the payout suffixes 002–008.
 */
export function primaryIdentifier(accountType: string, accountInfo: Record<string, unknown>): string | undefined {
  const spec = accountTypeSpec(accountType);
  for (const name of spec?.primary ?? []) {
    const value = accountInfo[name];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** The last three characters of the primary identifier ("" when there is none). */
export function sandboxSuffix(accountType: string, accountInfo: Record<string, unknown>): string {
  const id = primaryIdentifier(accountType, accountInfo) ?? "";
  const at = id.lastIndexOf("@");
  return (at > 0 ? id.slice(0, at) : id).slice(-3);
}
