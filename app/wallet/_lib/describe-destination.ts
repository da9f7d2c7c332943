import type { components } from "@/lib/client/generated/schema";
import { beneficiaryName } from "@/components/external-accounts-table";

type ExternalAccount = components["schemas"]["ExternalAccount"];
type InternalAccount = components["schemas"]["InternalAccount"];

/** What identifies a bank account, in the order the API picks its primary identifier. */
const BANK_IDENTIFIERS = ["accountNumber", "iban", "clabeNumber", "pixKey", "vpa", "phoneNumber"] as const;
/** What identifies a wallet or a Lightning receiver. */
const WALLET_IDENTIFIERS = ["address", "lightningAddress", "invoice", "bolt12"] as const;

/** An address this long or shorter is shown whole; a longer one keeps its start and end. */
const MAX_WHOLE_ADDRESS = 40;

/** "****6000": the last four characters only, as the API masks account numbers on reads. */
export function lastFour(value: string): string {
  return `****${value.replace(/^\*+/, "").slice(-4)}`;
}

/** "0x52908400098527886E0F7030069857D2E4169EE7" → "0x5290…9EE7"; a short address or a user@domain stays whole. */
export function shortAddress(value: string): string {
  if (value.length <= MAX_WHOLE_ADDRESS && (value.includes("@") || value.length <= 16)) return value;
  return `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/** "BASE_WALLET" → "Base". */
function networkName(accountType: string): string {
  const words = accountType.replace(/_WALLET$/, "").replace(/_/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function firstText(info: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = info[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/**
 * The external account a payment goes to, as its owner would recognise it: "USD bank account
 * ****6000 · Jane Doe", "USDC wallet on Base 0x5290…9EE7 · Jane Doe", "Lightning jane@wallet.example".
 * Bank identifiers never show more than their last four characters.
 */
export function describeExternalAccount(account: Pick<ExternalAccount, "currency" | "accountInfo">): string {
  const info = account.accountInfo as unknown as Record<string, unknown>;
  const accountType = typeof info.accountType === "string" ? info.accountType : "";
  const name = beneficiaryName(account.accountInfo);
  let kind: string;
  let identifier: string | undefined;
  if (accountType.endsWith("_ACCOUNT")) {
    kind = `${account.currency} bank account${accountType === "SWIFT_ACCOUNT" ? " (SWIFT)" : ""}`;
    const number = firstText(info, BANK_IDENTIFIERS);
    identifier = number && lastFour(number);
  } else {
    kind = accountType === "LIGHTNING" ? "Lightning" : `${account.currency} wallet on ${networkName(accountType)}`;
    const address = firstText(info, WALLET_IDENTIFIERS);
    identifier = address && shortAddress(address);
  }
  return [[kind, identifier].filter(Boolean).join(" "), name].filter(Boolean).join(" · ");
}

/** An account held with the platform: "your USD account" when the wallet's owner holds it too. */
export function describeInternalAccount(account: Pick<InternalAccount, "customerId" | "balance">, walletCustomerId: string | undefined): string {
  const code = account.balance.currency.code;
  return account.customerId && account.customerId === walletCustomerId ? `your ${code} account` : `a ${code} account held with the platform`;
}
