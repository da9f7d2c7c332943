import { describe, expect, it } from "vitest";
import { formToPolicy, policyToForm, summarizePolicy, EMPTY_POLICY_FORM, type AgentPolicy } from "./policy";

const USD = [{ code: "USD", symbol: "$", decimals: 2 }];

describe("agent policy in the dashboard", () => {
  it("summarizes a policy in plain words", () => {
    const policy: AgentPolicy = {
      permissions: ["CREATE_TRANSFERS", "CREATE_QUOTES"],
      defaultExecutionMode: "AUTO",
      spendingLimits: { currency: "USD", perTransactionLimit: 50_000, dailyLimit: 200_000, monthlyLimit: null, dailyTransactionLimit: 10 },
      approvalThresholds: { currency: "USD", amount: 100_000 },
    };
    expect(summarizePolicy(policy, USD)).toEqual([
      "Can create transfers and create quotes.",
      "Spends up to $500.00 per transaction, $2,000.00 a day and 10 actions a day.",
      "Pays on its own up to $1,000.00; anything above needs your approval.",
      "May use any of the customer's accounts.",
    ]);
    expect(summarizePolicy({ ...policy, permissions: [], defaultExecutionMode: "APPROVAL_REQUIRED", accountRestrictions: { allowedAccountIds: ["InternalAccount:x"] } }, USD)).toEqual([
      "Can do nothing yet: it has no permissions.",
      "Spends up to $500.00 per transaction, $2,000.00 a day and 10 actions a day.",
      "Every payment waits for your approval.",
      "May use only 1 account of the customer.",
    ]);
  });

  it("starts a new agent with least privilege: view only, and payments wait for approval", () => {
    expect(EMPTY_POLICY_FORM).toMatchObject({ permissions: ["VIEW_TRANSACTIONS"], defaultExecutionMode: "APPROVAL_REQUIRED" });
    const result = formToPolicy({ ...EMPTY_POLICY_FORM, perTransactionLimit: "500" }, USD);
    if (!result.ok) throw new Error("unreachable");
    expect(summarizePolicy(result.policy, USD)).toEqual([
      "Can view transactions.",
      "Spends up to $500.00 per transaction.",
      "Every payment waits for your approval.",
      "May use any of the customer's accounts.",
    ]);
  });

  it("turns the form's major units into exact minor units and back, and names bad fields", () => {
    const result = formToPolicy({ ...EMPTY_POLICY_FORM, permissions: ["VIEW_TRANSACTIONS", "CREATE_TRANSFERS"], defaultExecutionMode: "AUTO", perTransactionLimit: "500", dailyLimit: "2,000.50", approvalThreshold: "1000", dailyTransactionLimit: "3" }, USD);
    expect(result).toEqual({
      ok: true,
      policy: {
        permissions: ["VIEW_TRANSACTIONS", "CREATE_TRANSFERS"],
        defaultExecutionMode: "AUTO",
        spendingLimits: { currency: "USD", perTransactionLimit: 50_000, dailyLimit: 200_050, monthlyLimit: null, dailyTransactionLimit: 3 },
        accountRestrictions: { allowedAccountIds: null },
        approvalThresholds: { currency: "USD", amount: 100_000 },
      },
    });
    if (!result.ok) throw new Error("unreachable");
    expect(policyToForm(result.policy, USD)).toMatchObject({ perTransactionLimit: "500.00", dailyLimit: "2000.50", monthlyLimit: "", approvalThreshold: "1000.00", dailyTransactionLimit: "3" });

    const bad = formToPolicy({ ...EMPTY_POLICY_FORM, perTransactionLimit: "", dailyLimit: "1.234", dailyTransactionLimit: "two" }, USD);
    expect(bad.ok).toBe(false);
    if (bad.ok) throw new Error("unreachable");
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(["spendingLimits.dailyLimit", "spendingLimits.dailyTransactionLimit", "spendingLimits.perTransactionLimit"]);
  });
});
