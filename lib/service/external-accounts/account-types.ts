import { CURRENCIES } from "../sandbox/currencies";
import type { AccountTypeSpec } from "./account-type-spec";
import { BANK_ACCOUNT_TYPES } from "./bank-account-types";
import { WALLET_ACCOUNT_TYPES } from "./wallet-account-types";

export const ACCOUNT_TYPE_SPECS: readonly AccountTypeSpec[] = [...BANK_ACCOUNT_TYPES, ...WALLET_ACCOUNT_TYPES];
const BY_TYPE: ReadonlyMap<string, AccountTypeSpec> = new Map(ACCOUNT_TYPE_SPECS.map((spec) => [spec.accountType, spec]));

export function accountTypeSpec(accountType: string): AccountTypeSpec | undefined {
  return BY_TYPE.get(accountType);
}

/** Crypto assets: never the currency of a SWIFT (fiat) account. */
const CRYPTO_CODES: ReadonlySet<string> = new Set([...[...CURRENCIES.values()].filter((c) => c.kind === "CRYPTO").map((c) => c.code), "USDT"]);

/** The currencies `spec` accepts, or null when it takes any fiat code (SWIFT_ACCOUNT). */
export function allowedCurrencies(spec: AccountTypeSpec): readonly string[] | null {
  return spec.currencies === "FIAT" ? null : spec.currencies;
}

export function isCurrencyAllowed(spec: AccountTypeSpec, currency: string): boolean {
  if (spec.currencies === "FIAT") return /^[A-Z]{3}$/.test(currency) && !CRYPTO_CODES.has(currency);
  return spec.currencies.includes(currency);
}

/**
 * A wallet the customer holds the keys of (no `vaspName`): under the travel rule its owner must
 * be declared, and a FIRST_PARTY one proves ownership before it is ACTIVE (BEHAVIORS.md §1.4).
 */
export function isSelfCustodyWallet(accountType: string, accountInfo: Record<string, unknown>): boolean {
  return accountTypeSpec(accountType)?.kind === "WALLET" && accountInfo.vaspName === undefined;
}
