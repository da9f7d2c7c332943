import type { components } from "@/lib/client/generated/schema";
import { formatMinorUnits, formatMoney, parseMajorUnits } from "@/components/money";

export type AgentPolicy = components["schemas"]["AgentPolicy"];
export type Permission = AgentPolicy["permissions"][number];
export interface CurrencyInfo {
  code: string;
  symbol?: string;
  decimals?: number;
}

export const PERMISSIONS: { value: Permission; label: string; verb: string }[] = [
  { value: "VIEW_TRANSACTIONS", label: "View transactions", verb: "view transactions" },
  { value: "CREATE_TRANSFERS", label: "Create transfers", verb: "create transfers" },
  { value: "CREATE_QUOTES", label: "Create quotes", verb: "create quotes" },
  { value: "EXECUTE_QUOTES", label: "Execute quotes", verb: "execute quotes" },
  { value: "MANAGE_EXTERNAL_ACCOUNTS", label: "Manage external accounts", verb: "manage external accounts" },
];

/** The policy form's fields, as typed (amounts in major units). */
export interface PolicyFormValues {
  permissions: Permission[];
  defaultExecutionMode: "AUTO" | "APPROVAL_REQUIRED";
  currency: string;
  perTransactionLimit: string;
  dailyLimit: string;
  monthlyLimit: string;
  dailyTransactionLimit: string;
  approvalThreshold: string;
  /** null = every account of the customer */
  allowedAccountIds: string[] | null;
}

/**
 * A new agent's starting policy, least privilege: it may look, not move money, and whatever
 * money-moving permission staff tick still waits for a person's approval until they choose "On its own".
 */
export const EMPTY_POLICY_FORM: PolicyFormValues = {
  permissions: ["VIEW_TRANSACTIONS"],
  defaultExecutionMode: "APPROVAL_REQUIRED",
  currency: "USD",
  perTransactionLimit: "",
  dailyLimit: "",
  monthlyLimit: "",
  dailyTransactionLimit: "",
  approvalThreshold: "",
  allowedAccountIds: null,
};

const decimalsOf = (currency: string, currencies: CurrencyInfo[]) => currencies.find((c) => c.code === currency)?.decimals ?? 2;

/** Form values of an existing policy. */
export function policyToForm(policy: AgentPolicy, currencies: CurrencyInfo[]): PolicyFormValues {
  const d = decimalsOf(policy.spendingLimits.currency, currencies);
  const major = (v: number | null | undefined) => (v === null || v === undefined ? "" : formatMinorUnits(v, d, { grouping: false }));
  return {
    permissions: [...policy.permissions],
    defaultExecutionMode: policy.defaultExecutionMode,
    currency: policy.spendingLimits.currency,
    perTransactionLimit: major(policy.spendingLimits.perTransactionLimit),
    dailyLimit: major(policy.spendingLimits.dailyLimit),
    monthlyLimit: major(policy.spendingLimits.monthlyLimit),
    dailyTransactionLimit: policy.spendingLimits.dailyTransactionLimit === undefined ? "" : String(policy.spendingLimits.dailyTransactionLimit),
    approvalThreshold: major(policy.approvalThresholds?.amount),
    allowedAccountIds: policy.accountRestrictions?.allowedAccountIds ?? null,
  };
}

/** The API policy from the form, or field errors (keyed like the API's: spendingLimits.perTransactionLimit …). */
export function formToPolicy(values: PolicyFormValues, currencies: CurrencyInfo[]): { ok: true; policy: AgentPolicy } | { ok: false; fieldErrors: Record<string, string> } {
  const d = decimalsOf(values.currency, currencies);
  const fieldErrors: Record<string, string> = {};
  const amount = (field: string, text: string, required: boolean): number | null => {
    if (text.trim() === "") {
      if (required) fieldErrors[field] = "is required";
      return null;
    }
    const parsed = parseMajorUnits(text, d, { allowZero: true }); // the API takes 0 (nothing may be spent)
    if (!parsed.ok) {
      fieldErrors[field] = parsed.message;
      return null;
    }
    return Number(parsed.minorUnits);
  };
  const perTransactionLimit = amount("spendingLimits.perTransactionLimit", values.perTransactionLimit, true);
  const dailyLimit = amount("spendingLimits.dailyLimit", values.dailyLimit, false);
  const monthlyLimit = amount("spendingLimits.monthlyLimit", values.monthlyLimit, false);
  const threshold = amount("approvalThresholds.amount", values.approvalThreshold, false);
  let dailyTransactionLimit: number | undefined;
  if (values.dailyTransactionLimit.trim() !== "") {
    if (!/^\d{1,9}$/.test(values.dailyTransactionLimit.trim())) fieldErrors["spendingLimits.dailyTransactionLimit"] = "must be a whole number";
    else dailyTransactionLimit = Number(values.dailyTransactionLimit.trim());
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    policy: {
      permissions: values.permissions,
      defaultExecutionMode: values.defaultExecutionMode,
      spendingLimits: { currency: values.currency, perTransactionLimit: perTransactionLimit!, dailyLimit, monthlyLimit, ...(dailyTransactionLimit !== undefined && { dailyTransactionLimit }) },
      accountRestrictions: { allowedAccountIds: values.allowedAccountIds },
      approvalThresholds: { currency: values.currency, amount: threshold },
    },
  };
}

/** The policy in plain sentences, for staff deciding whether it is what they meant. */
export function summarizePolicy(policy: AgentPolicy, currencies: CurrencyInfo[]): string[] {
  const money = (amount: number, code: string) => {
    const info = currencies.find((c) => c.code === code);
    return formatMoney(amount, { code, symbol: info?.symbol, decimals: info?.decimals ?? 2 });
  };
  const limits = policy.spendingLimits;
  const verbs = PERMISSIONS.filter((p) => policy.permissions.includes(p.value)).map((p) => p.verb);
  const lines = [verbs.length === 0 ? "Can do nothing yet: it has no permissions." : `Can ${joinWords(verbs)}.`];

  const caps = [`${money(limits.perTransactionLimit, limits.currency)} per transaction`];
  if (limits.dailyLimit !== null && limits.dailyLimit !== undefined) caps.push(`${money(limits.dailyLimit, limits.currency)} a day`);
  if (limits.monthlyLimit !== null && limits.monthlyLimit !== undefined) caps.push(`${money(limits.monthlyLimit, limits.currency)} a month`);
  if (limits.dailyTransactionLimit !== undefined) caps.push(`${limits.dailyTransactionLimit} ${limits.dailyTransactionLimit === 1 ? "action" : "actions"} a day`);
  lines.push(`Spends up to ${joinWords(caps)}.`);

  const threshold = policy.approvalThresholds;
  if (policy.defaultExecutionMode === "APPROVAL_REQUIRED") lines.push("Every payment waits for your approval.");
  else if (threshold?.amount !== null && threshold?.amount !== undefined)
    lines.push(`Pays on its own up to ${money(threshold.amount, threshold.currency ?? limits.currency)}; anything above needs your approval.`);
  else lines.push("Pays on its own within these limits, without approval.");

  const allowed = policy.accountRestrictions?.allowedAccountIds;
  lines.push(allowed ? `May use only ${allowed.length} ${allowed.length === 1 ? "account" : "accounts"} of the customer.` : "May use any of the customer's accounts.");
  return lines;
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
