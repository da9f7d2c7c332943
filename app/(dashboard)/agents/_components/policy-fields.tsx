"use client";

import { SelectField, TextField } from "@/components/text-field";
import { Checkbox } from "@/components/ui/checkbox";
import { PERMISSIONS, type CurrencyInfo, type PolicyFormValues } from "../_lib/policy";

export interface AccountChoice {
  id: string;
  label: string;
}

interface PolicyFieldsProps {
  values: PolicyFormValues;
  onChange: (values: PolicyFormValues) => void;
  errors: Record<string, string>;
  currencies: CurrencyInfo[];
  /** The customer's accounts, to restrict the agent to some; omitted while no customer is chosen. */
  accounts?: AccountChoice[];
}

/** What an agent may do, how much, and when a person must approve. Amounts in major units of `currency`. */
export function PolicyFields({ values, onChange, errors, currencies, accounts }: PolicyFieldsProps) {
  const set = <K extends keyof PolicyFormValues>(key: K, value: PolicyFormValues[K]) => onChange({ ...values, [key]: value });
  const togglePermission = (p: PolicyFormValues["permissions"][number], on: boolean) =>
    set("permissions", on ? [...values.permissions, p] : values.permissions.filter((x) => x !== p));
  const allowed = values.allowedAccountIds;
  const toggleAccount = (id: string, on: boolean) => {
    const next = on ? [...(allowed ?? []), id] : (allowed ?? []).filter((x) => x !== id);
    set("allowedAccountIds", next.length === 0 ? null : next);
  };
  const unit = values.currency;

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-zinc-800">Permissions</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {PERMISSIONS.map((p) => (
            <Checkbox key={p.value} label={p.label} checked={values.permissions.includes(p.value)} onChange={(e) => togglePermission(p.value, e.target.checked)} />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="defaultExecutionMode"
          label="When it pays"
          value={values.defaultExecutionMode}
          onChange={(v) => set("defaultExecutionMode", v as PolicyFormValues["defaultExecutionMode"])}
          options={[
            { value: "AUTO", label: "On its own, within the limits" },
            { value: "APPROVAL_REQUIRED", label: "Only after your approval" },
          ]}
        />
        <SelectField
          id="spendingLimits.currency"
          label="Limits currency"
          value={values.currency}
          onChange={(v) => set("currency", v)}
          error={errors["spendingLimits.currency"]}
          options={currencies.map((c) => ({ value: c.code, label: c.code }))}
        />
        <TextField id="spendingLimits.perTransactionLimit" label={`Per transaction (${unit})`} value={values.perTransactionLimit} onChange={(v) => set("perTransactionLimit", v)} error={errors["spendingLimits.perTransactionLimit"]} placeholder="500.00" />
        <TextField id="spendingLimits.dailyLimit" label={`Per day (${unit}, optional)`} value={values.dailyLimit} onChange={(v) => set("dailyLimit", v)} error={errors["spendingLimits.dailyLimit"]} hint="Empty: no daily cap." />
        <TextField id="spendingLimits.monthlyLimit" label={`Per month (${unit}, optional)`} value={values.monthlyLimit} onChange={(v) => set("monthlyLimit", v)} error={errors["spendingLimits.monthlyLimit"]} hint="Empty: no monthly cap." />
        <TextField id="spendingLimits.dailyTransactionLimit" label="Actions per day (optional)" value={values.dailyTransactionLimit} onChange={(v) => set("dailyTransactionLimit", v)} error={errors["spendingLimits.dailyTransactionLimit"]} />
        <TextField
          id="approvalThresholds.amount"
          label={`Approval above (${unit}, optional)`}
          value={values.approvalThreshold}
          onChange={(v) => set("approvalThreshold", v)}
          error={errors["approvalThresholds.amount"]}
          hint="Payments strictly above this wait for your approval, even when it pays on its own."
        />
      </div>
      {accounts && accounts.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-zinc-800">Accounts it may use</legend>
          <p className="text-xs text-zinc-500">None ticked: every account of the customer.</p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {accounts.map((a) => (
              <Checkbox key={a.id} label={a.label} checked={allowed?.includes(a.id) ?? false} onChange={(e) => toggleAccount(a.id, e.target.checked)} />
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
