import type { InternalAccountType } from "@/lib/generated/prisma/client";
import { currencyInfo } from "../sandbox/currencies";

/** The embedded self-custody wallet's currency (BEHAVIORS.md §1.3). */
export const EMBEDDED_WALLET_CURRENCY = "USDB";

/**
 * Which kind of internal account holds `currency` (BEHAVIORS.md §1.3): fiat → INTERNAL_FIAT,
 * crypto → INTERNAL_CRYPTO, USDB → EMBEDDED_WALLET for customers. The platform's own USDB account
 * is custodial (INTERNAL_CRYPTO): embedded wallets are end users' self-custody wallets.
 * Returns null for a currency the sandbox does not know.
 */
export function accountTypeFor(currency: string, holder: "CUSTOMER" | "PLATFORM"): InternalAccountType | null {
  const info = currencyInfo(currency);
  if (!info) return null;
  if (info.kind === "FIAT") return "INTERNAL_FIAT";
  if (currency === EMBEDDED_WALLET_CURRENCY && holder === "CUSTOMER") return "EMBEDDED_WALLET";
  return "INTERNAL_CRYPTO";
}

/** The platform's supported currency codes, in configuration order (`Platform.supportedCurrencies`). */
export function supportedCurrencyCodes(supportedCurrencies: unknown): string[] {
  if (!Array.isArray(supportedCurrencies)) return [];
  return supportedCurrencies
    .map((entry: unknown) => (typeof entry === "object" && entry !== null ? (entry as { currencyCode?: unknown }).currencyCode : undefined))
    .filter((code): code is string => typeof code === "string");
}
