import { describe, expect, it } from "vitest";
import { explainFailureReason, explainRefund, FAILURE_REASONS } from "./failure-reasons";

import doc from "@/lib/client/generated/openapi.json";

// Every code the API documents for incoming and outgoing payments: a new one without words fails here.
const schemas = doc.components.schemas;
const SPEC_CODES = [...new Set([...schemas.OutgoingTransactionFailureReason.enum, ...schemas.IncomingTransactionFailureReason.enum])];

describe("failure reasons in words", () => {
  it.each(SPEC_CODES)("explains %s with what happened and a next step", (code) => {
    const explanation = explainFailureReason(code);
    expect(explanation?.summary).toMatch(/\w.*\.$/);
    expect(explanation?.nextStep).toMatch(/\w.*\.$/);
  });

  it("explains exactly the codes the API documents", () => {
    expect(Object.keys(FAILURE_REASONS).sort()).toEqual([...SPEC_CODES].sort());
  });

  it.each(["SOMETHING_NEW", "toString", "__proto__", ""])("answers nothing for %j, which is then shown bare", (code) => {
    expect(explainFailureReason(code)).toBeUndefined();
  });
});

describe("refunds in words", () => {
  it("asks for action on a failed refund and says the money is not back", () => {
    const refund = explainRefund({ status: "FAILED", reason: "TRANSACTION_FAILED" });
    expect(refund.needsAction).toBe(true);
    expect(refund.summary).toBe("The refund after the payment failed did not go through: the money has not been returned to the source, and it will not be retried automatically.");
    expect(refund.nextStep).toContain("refund reference");
  });

  it.each([
    ["PENDING", "USER_CANCELLATION", "A refund after the payment was cancelled is on its way back to the source."],
    ["COMPLETED", "TIMEOUT", "The amount was refunded to the source after the payment timed out."],
    ["COMPLETED", undefined, "The amount was refunded to the source."],
  ] as const)("says a %s refund (%s) needs nothing", (status, reason, summary) => {
    const refund = explainRefund({ status, reason });
    expect(refund).toMatchObject({ summary, needsAction: false });
  });
});
