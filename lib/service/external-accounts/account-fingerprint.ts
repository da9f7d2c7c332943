import { createHash } from "node:crypto";
import { accountTypeSpec } from "./account-types";
import { EVM_WALLET_TYPES } from "./wallet-account-types";

const UPPERCASE_FIELDS = new Set(["iban", "swiftCode", "ifsc"]);

/**
 * What makes two external accounts the same account: one owner (a customer, or the platform),
 * one type and currency, the same identifying fields (routing + account number, IBAN, wallet
 * address…). Compared as a hash through a unique index, so concurrent duplicates cannot both land.
 */
export function accountFingerprint(input: { customerId: string | null; currency: string; accountType: string; accountInfo: Record<string, unknown> }): string {
  const spec = accountTypeSpec(input.accountType);
  const values = (spec?.identity ?? []).map((name) => normalize(input.accountType, name, input.accountInfo[name]));
  const key = JSON.stringify([input.customerId ?? "platform", input.accountType, input.currency, ...values]);
  return createHash("sha256").update(key).digest("hex");
}

function normalize(accountType: string, name: string, value: unknown): string {
  if (typeof value !== "string") return "";
  const compact = value.replace(/\s+/g, "");
  if (UPPERCASE_FIELDS.has(name)) return compact.toUpperCase();
  if (name === "address" && EVM_WALLET_TYPES.has(accountType)) return compact.toLowerCase();
  if (name === "lightningAddress" || name === "vpa") return compact.toLowerCase();
  return compact;
}
