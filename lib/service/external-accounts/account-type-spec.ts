import type { FieldDef } from "./account-fields";
import type { BeneficiarySchema } from "./beneficiary-schemas";
import type { WalletBeneficiarySchema } from "./beneficiary-schemas";

export type AccountKind = "BANK" | "WALLET" | "LIGHTNING";

/**
 * Everything the service knows about one `accountInfo.accountType` (BEHAVIORS.md §1.4 table):
 * its fields, the currencies it can hold, its rails, its beneficiary, and which fields identify
 * the account (duplicates) or carry the sandbox suffix.
 */
export interface AccountTypeSpec {
  accountType: string;
  /** Prefix of its OpenAPI component names (`Usd` → UsdExternalAccountCreateInfo). */
  schemaName: string;
  kind: AccountKind;
  /** Currencies the account can hold; "FIAT" = any fiat ISO 4217 code (SWIFT). */
  currencies: readonly string[] | "FIAT";
  fields: Readonly<Record<string, FieldDef>>;
  /** Alternatives of which at least one must be complete, e.g. INR: vpa, or accountNumber + ifsc. */
  alternatives?: readonly (readonly string[])[];
  /** Exactly one of these fields (LIGHTNING). */
  exactlyOne?: readonly string[];
  /** Rails the account supports; railsFor narrows them by the fields given. */
  rails: readonly string[];
  railsFor?: (info: Record<string, unknown>) => string[];
  /** BANK: required beneficiary; WALLET: optional; LIGHTNING: none. */
  beneficiary?: BeneficiarySchema | typeof WalletBeneficiarySchema;
  /** Fields whose values identify the account: the same values twice for one owner is a 409. */
  identity: readonly string[];
  /** Candidates for the primary identifier (sandbox suffix), first one present wins (§4.1). */
  primary: readonly string[];
}

/** Fields shown as `****1234` on reads (BEHAVIORS.md 10.29). */
export const MASKED_FIELDS: ReadonlySet<string> = new Set(["accountNumber", "iban", "clabeNumber", "pixKey", "taxId"]);
