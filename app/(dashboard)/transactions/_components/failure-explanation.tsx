import type { components } from "@/lib/client/generated/schema";
import { Notice } from "@/components/ui/notice";
import { explainFailureReason, explainRefund } from "../_lib/failure-reasons";

type Transaction = components["schemas"]["TransactionOneOf"];

/** A code as the API sent it, so support can quote it and search for it. */
function Code({ children }: { children: string }) {
  return <code className="rounded bg-white/70 px-1 font-mono text-xs ring-1 ring-red-200 ring-inset">{children}</code>;
}

/**
 * Why the payment failed and what to do next, in words, with the API's code kept beside them; and
 * a failed refund, which leaves money unaccounted for. Nothing when neither applies.
 */
export function FailureExplanation({ transaction: t }: { transaction: Transaction }) {
  const reason = t.failureReason;
  const failure = reason ? explainFailureReason(reason) : undefined;
  const refund = t.refund && explainRefund(t.refund);
  const isRefundFailed = t.refund?.status === "FAILED";
  if (!reason && !isRefundFailed) return null;
  return (
    <Notice tone="error" title={reason ? "Why this payment failed" : "The refund failed"} testId="failure-explanation" className="mb-4">
      <div className="space-y-2">
        {reason && (
          <div data-testid="failure-reason-explanation">
            <p>
              {failure?.summary ?? "The service reported this failure code without more detail."} <Code>{reason}</Code>
            </p>
            {failure && (
              <p className="mt-1">
                <span className="font-medium">What to do: </span>
                {failure.nextStep}
              </p>
            )}
          </div>
        )}
        {t.refund && refund && isRefundFailed && (
          <div data-testid="refund-failure-explanation">
            {reason && <p className="font-medium">The refund failed too</p>}
            <p>
              {refund.summary} <Code>{`REFUND ${t.refund.status}`}</Code> <Code>{t.refund.reference}</Code>
            </p>
            <p className="mt-1">
              <span className="font-medium">What to do: </span>
              {refund.nextStep}
            </p>
          </div>
        )}
      </div>
    </Notice>
  );
}
