import { describe, expect, it } from "vitest";
import { transferOutcome } from "./sandbox-outcome";

describe("transferOutcome", () => {
  it.each([
    ["002", { kind: "FAIL_AT_ONCE", failureReason: "QUOTE_EXECUTION_FAILED" }],
    ["003", { kind: "FAIL_AT_ONCE", failureReason: "ACCOUNT_INVALID" }],
    ["004", { kind: "FAIL_AFTER_PROCESSING", failureReason: "ACCOUNT_CANNOT_RECEIVE" }],
    ["005", { kind: "PENDING_THEN_FAIL" }],
    ["008", { kind: "FAIL_AFTER_PROCESSING", failureReason: "COMPLIANCE_REJECTED" }],
    ["006", { kind: "SUCCESS" }],
    ["007", { kind: "SUCCESS" }],
    ["102", { kind: "SUCCESS" }],
    ["789", { kind: "SUCCESS" }],
    ["", { kind: "SUCCESS" }],
  ])("maps suffix %s to its BEHAVIORS.md §4.2 outcome", (suffix, outcome) => {
    expect(transferOutcome(suffix)).toEqual(outcome);
  });

  it.each(["2", "3", "4", "5", "8"])("treats twin 11%s like 00%s", (digit) => {
    expect(transferOutcome(`11${digit}`)).toEqual(transferOutcome(`00${digit}`));
  });
});
