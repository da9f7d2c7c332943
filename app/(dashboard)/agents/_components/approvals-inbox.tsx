"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import type { components } from "@/lib/client/generated/schema";
import { DateTime } from "@/components/date-time";
import { formatMoney } from "@/components/money";
import { TextField } from "@/components/text-field";
import { useAction } from "@/components/use-action";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { decideAgentAction } from "../actions";
import type { CurrencyInfo } from "../_lib/policy";

type AgentAction = components["schemas"]["AgentAction"];

const TYPE_LABELS: Record<AgentAction["type"], string> = { TRANSFER_OUT: "Transfer out", TRANSFER_IN: "Transfer in", EXECUTE_QUOTE: "Execute quote" };

/** What the action would move, in words ("$12.00"). */
export function actionAmount(action: AgentAction, currencies: CurrencyInfo[]): string {
  const quote = action.quote as { totalSendingAmount?: number; sendingCurrency?: CurrencyInfo } | undefined;
  if (quote?.totalSendingAmount !== undefined && quote.sendingCurrency) return formatMoney(quote.totalSendingAmount, quote.sendingCurrency);
  if (!action.transferDetails) return "—";
  const { amount, currency } = action.transferDetails;
  const info = currencies.find((c) => c.code === currency);
  return formatMoney(amount, { code: currency, symbol: info?.symbol, decimals: info?.decimals ?? 2 });
}

/** Pending agent actions: approve (the service re-checks the policy, then runs it) or reject with a reason. */
export function ApprovalsInbox({
  actions,
  agentNames,
  customerNames,
  destinations,
  currencies,
  canDecide,
  pager,
}: {
  actions: AgentAction[];
  agentNames: Record<string, string>;
  /** The customer's name by customer id (full or legal name); a missing one shows your customer ID. */
  customerNames: Record<string, string>;
  /** Where each action's money goes, in words, by action id (loadActionDestinations). */
  destinations: Record<string, string>;
  currencies: CurrencyInfo[];
  canDecide: boolean;
  /** The inbox's CursorPager, rendered by the page that knows the URL. */
  pager?: ReactNode;
}) {
  const [approving, setApproving] = useState<AgentAction | null>(null);
  const [rejecting, setRejecting] = useState<AgentAction | null>(null);
  const [reason, setReason] = useState("");
  const [outcome, setOutcome] = useState<AgentAction | null>(null);
  const decide = useAction(decideAgentAction, (action) => {
    setOutcome(action);
    setApproving(null);
    setRejecting(null);
    setReason("");
  });

  return (
    <Card title="Approvals" description="Agent payments waiting for a person. Approving re-checks the agent's policy and limits, then pays." tone={actions.length > 0 ? "attention" : "default"} flush>
      {(decide.error || outcome) && (
        <div className="border-b border-zinc-200 px-5 py-3">
          {decide.error ? (
            <Notice tone="error" title={decide.error.message} testId="approval-error" />
          ) : outcome?.status === "FAILED" ? (
            <Notice tone="warning" title="Approved, but it could not run" testId="approval-outcome">
              {outcome.rejectionReason}
            </Notice>
          ) : (
            <Notice tone="success" title={outcome?.status === "APPROVED" ? "Approved and paid" : "Rejected"} testId="approval-outcome">
              {outcome?.transaction ? (
                <Link className="font-medium underline" href={`/transactions/${encodeURIComponent(String((outcome.transaction as { id: string }).id))}`}>
                  Open transaction
                </Link>
              ) : (
                outcome?.rejectionReason
              )}
            </Notice>
          )}
        </div>
      )}
      <DataTable
        caption="Pending approvals"
        rows={actions}
        rowKey={(a) => a.id}
        empty="Nothing waits for approval."
        columns={[
          { header: "Requested", cell: (a) => <DateTime value={a.createdAt} /> },
          { header: "Agent", cell: (a) => <Link className="font-medium text-brand-700 hover:underline" href={`/agents/${encodeURIComponent(a.agentId)}`}>{agentNames[a.agentId] ?? a.agentId}</Link> },
          { header: "Customer", cell: (a) => <Link className="text-brand-700 hover:underline" href={`/customers/${encodeURIComponent(a.customerId)}`} data-testid="approval-customer">{customerNames[a.customerId] ?? (a.platformCustomerId || a.customerId)}</Link> },
          { header: "Action", cell: (a) => TYPE_LABELS[a.type] },
          { header: "To", cell: (a) => <span data-testid="approval-destination" className="break-words">{destinations[a.id] ?? "—"}</span> },
          { header: "Amount", cell: (a) => <span data-testid="approval-amount">{actionAmount(a, currencies)}</span>, className: "text-right" },
          {
            header: <span className="sr-only">Decision</span>,
            cell: (a) =>
              canDecide ? (
                <div className="flex justify-end gap-2">
                  <Button size="sm" onClick={() => setApproving(a)} disabled={decide.pending} aria-label={`Approve ${TYPE_LABELS[a.type]} of ${actionAmount(a, currencies)}`}>
                    Approve
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setRejecting(a)} disabled={decide.pending} aria-label={`Reject ${TYPE_LABELS[a.type]} of ${actionAmount(a, currencies)}`}>
                    Reject
                  </Button>
                </div>
              ) : (
                <span className="text-xs text-zinc-500">Operators decide</span>
              ),
          },
        ]}
      />
      {pager}
      <ConfirmDialog
        open={approving !== null}
        title={approving ? `Approve and pay ${actionAmount(approving, currencies)}?` : ""}
        confirmLabel="Approve and pay"
        tone="primary"
        pending={decide.pending}
        onCancel={() => setApproving(null)}
        onConfirm={() => approving && decide.run({ agentId: approving.agentId, actionId: approving.id, decision: "approve" })}
      >
        {approving && (
          <p data-testid="approve-summary">
            {TYPE_LABELS[approving.type]} of {actionAmount(approving, currencies)} for {customerNames[approving.customerId] ?? (approving.platformCustomerId || approving.customerId)} to{" "}
            {destinations[approving.id] ?? "the destination the agent chose"}, requested by {agentNames[approving.agentId] ?? approving.agentId}. The service re-checks the
            agent&apos;s policy and limits, then the money moves at once.
          </p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={rejecting !== null}
        title="Reject this agent payment?"
        confirmLabel="Reject payment"
        pending={decide.pending}
        onCancel={() => setRejecting(null)}
        onConfirm={() => rejecting && decide.run({ agentId: rejecting.agentId, actionId: rejecting.id, decision: "reject", reason: reason || undefined })}
      >
        <p>Nothing moves. The agent sees the action REJECTED with your reason.</p>
        <TextField id="rejectionReason" label="Reason (optional)" value={reason} onChange={setReason} className="mt-3" />
      </ConfirmDialog>
    </Card>
  );
}
