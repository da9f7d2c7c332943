"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { callAction, describeActionError, type ActionError, type ActionResult } from "@/lib/client/action-result";
import { isStaleRefusal } from "@/components/use-action";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { approveTransactionAction, cancelTransactionAction, rejectTransactionAction } from "../actions";

/** The API's own message says why it refused (not cancellable, not awaiting approval, wrong rail). */
function describeError(error: ActionError): string {
  if (error.code === "FORBIDDEN") return "Your role cannot act on payments. Ask an admin or operator.";
  if (error.code === "UNAUTHENTICATED" || error.code === "UNAUTHORIZED" || error.status === 404) return describeActionError(error);
  return error.message;
}

/**
 * Runs one action on the transaction, then reloads the page so every card shows the new state; also
 * when it was refused because someone else (or the sandbox) changed the payment meanwhile.
 */
function useTransactionAction() {
  const router = useRouter();
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  function run(action: () => Promise<ActionResult<unknown>>, after?: () => void) {
    startTransition(async () => {
      const result = await callAction(action);
      after?.();
      if (!result.ok) {
        setError(result.error);
        if (isStaleRefusal(result.error)) router.refresh();
        return;
      }
      setError(null);
      router.refresh();
    });
  }
  return { error, pending, run };
}

function ErrorNotice({ error, testId }: { error: ActionError | null; testId: string }) {
  return error ? (
    <Notice tone="error" testId={testId}>
      {describeError(error)}
    </Notice>
  ) : null;
}

/**
 * Approve or reject an incoming payment that waits on the platform's decision; view-only roles see
 * them disabled. Always on the page, so a refusal's reason stays once the payment no longer waits.
 */
export function ApprovalPanel({ transactionId, canDecide, isAwaiting }: { transactionId: string; canDecide: boolean; isAwaiting: boolean }) {
  const { error, pending, run } = useTransactionAction();
  const [isConfirmingReject, setConfirmingReject] = useState(false);
  if (!isAwaiting) return <ErrorNotice error={error} testId="approval-error" />;
  return (
    <Card title="Awaiting your approval" description="The platform answered the approval request with 202: approve to credit the customer, or reject. The window is short." tone="attention">
      <div className="space-y-3">
        <ErrorNotice error={error} testId="approval-error" />
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => run(() => approveTransactionAction({ transactionId }))} disabled={!canDecide || pending}>
            {pending ? "Working…" : "Approve"}
          </Button>
          <Button variant="danger" onClick={() => setConfirmingReject(true)} disabled={!canDecide || pending}>
            Reject
          </Button>
          {!canDecide && <span className="text-sm text-zinc-500">Your role can view this payment but not approve or reject it.</span>}
        </div>
        <ConfirmDialog
          open={isConfirmingReject}
          title="Reject this payment?"
          confirmLabel="Reject payment"
          pending={pending}
          onCancel={() => setConfirmingReject(false)}
          onConfirm={() => run(() => rejectTransactionAction({ transactionId }), () => setConfirmingReject(false))}
        >
          The payment becomes REJECTED and nothing is credited to the customer. This cannot be undone.
        </ConfirmDialog>
      </div>
    </Card>
  );
}

/** Stop an unsettled payout; the API decides whether it still can and says why not (the reason stays once it no longer can). */
export function CancelPaymentPanel({ transactionId, mayCancel }: { transactionId: string; mayCancel: boolean }) {
  const { error, pending, run } = useTransactionAction();
  const [isConfirming, setConfirming] = useState(false);
  if (!mayCancel) return <ErrorNotice error={error} testId="cancel-error" />;
  return (
    <Card title="Cancel" description="Stops the payout if it has not settled yet; the amount goes back to the source.">
      <div className="space-y-3">
        <ErrorNotice error={error} testId="cancel-error" />
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={pending}>
          Cancel payment
        </Button>
        <ConfirmDialog
          open={isConfirming}
          title="Cancel this payment?"
          confirmLabel="Cancel payment"
          pending={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => run(() => cancelTransactionAction({ transactionId }), () => setConfirming(false))}
        >
          If the payout has not settled yet it is stopped and the amount is refunded to the source (USER_CANCELLATION).
        </ConfirmDialog>
      </div>
    </Card>
  );
}
