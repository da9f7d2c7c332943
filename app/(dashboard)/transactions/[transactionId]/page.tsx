import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import type { components } from "@/lib/client/generated/schema";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { QuoteSummary } from "@/components/quote-summary";
import { PaymentInstructionsList } from "@/components/payment-instructions";
import { PaymentDetails } from "../_components/payment-details";
import { StatusTimeline } from "../_components/status-timeline";
import { ApprovalPanel, CancelPaymentPanel } from "../_components/transaction-actions";
import { TransactionSummary } from "../_components/transaction-summary";
import { transactionCustomer } from "../_lib/transaction-lookups";
import { resourceIdFromSegment } from "@/components/resource-id";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "Transaction" };

type WebhookEvent = components["schemas"]["WebhookEvent"];
type Transaction = components["schemas"]["TransactionOneOf"];

/** An incoming UMA payment waiting on the platform's approve/reject (BEHAVIORS.md §3.7); held payments are not. */
function isAwaitingApproval(t: Transaction): boolean {
  return t.type === "INCOMING" && t.status === "PENDING" && !t.pendingReason && t.source?.sourceType === "UMA_ADDRESS";
}

/** A realtime-funded payment still waiting for its funds: where the payer sends them. */
function awaitedFunding(t: Transaction) {
  return t.type === "OUTGOING" && t.status === "PENDING" && t.source.sourceType === "REALTIME_FUNDING" ? (t.paymentInstructions ?? []) : [];
}

/** A payout still on its way; whether it can really be stopped is the API's call. */
function mayBeCancellable(t: Transaction): boolean {
  return t.type === "OUTGOING" && t.status === "PROCESSING" && !t.settledAt && !t.refund;
}

export default async function TransactionPage({ params }: { params: Promise<{ transactionId: string }> }) {
  const { user } = await requireSession();
  const transactionId = resourceIdFromSegment((await params).transactionId, "Transaction") ?? notFound();
  const client = await serviceClient();
  const path = { path: { transactionId } };
  const [{ data: transaction, error, response }, { data: history }] = await Promise.all([
    client.GET("/transactions/{transactionId}", { params: path }),
    client.GET("/transactions/{transactionId}/status-history", { params: path }),
  ]);
  if (response.status === 404) notFound();
  // The API answers card transactions by id too; they live on their card's page.
  if (transaction?.type === "CARD") redirect(`/cards/${encodeURIComponent(transaction.cardId)}`);

  const steps = history?.data ?? [];
  const eventIds = [...new Set(steps.flatMap((s) => (s.webhookEventId ? [s.webhookEventId] : [])))];
  const answers = await Promise.all(eventIds.map((eventId) => client.GET("/webhooks/events/{eventId}", { params: { path: { eventId } } })));
  const events = new Map<string, WebhookEvent>(answers.flatMap((a) => (a.data ? [[a.data.id, a.data] as const] : [])));
  const quoteId = transaction?.quoteId;
  const [quote, customer] = await Promise.all([
    quoteId ? client.GET("/quotes/{quoteId}", { params: { path: { quoteId } } }).then((answer) => answer.data) : undefined,
    transaction ? transactionCustomer(client, transaction) : undefined,
  ]);
  const canTransact = can(user, "TRANSACT");

  return (
    <>
      <Link href="/transactions" className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← Transactions
      </Link>
      {!transaction ? (
        <Notice tone="error" title="Could not load the transaction">
          {error?.message ?? "The service did not answer."}
        </Notice>
      ) : (
        <>
          <PageHeader title={`${transaction.type === "OUTGOING" ? "Outgoing" : "Incoming"} transaction`} description={<code className="font-mono text-xs">{transaction.id}</code>} />
          <div className="space-y-6">
            <ApprovalPanel transactionId={transaction.id} canDecide={canTransact} isAwaiting={isAwaitingApproval(transaction)} />
            <TransactionSummary transaction={transaction} customer={customer} />
            {awaitedFunding(transaction).length > 0 && (
              <Card title="Payment instructions" description="Waiting for the payer's funds: the exact sending total, quoting the reference. Their arrival runs the payment.">
                <PaymentInstructionsList instructions={awaitedFunding(transaction)} />
              </Card>
            )}
            <CancelPaymentPanel transactionId={transaction.id} mayCancel={mayBeCancellable(transaction) && canTransact} />
            <PaymentDetails transaction={transaction} />
            {quote && (
              <Card title="Quote" description={<>The price the payment was executed at (rate details above). <Link className="font-mono text-xs text-brand-700 hover:underline" href={`/quotes/${encodeURIComponent(quote.id)}`}>{quote.id}</Link></>}>
                <QuoteSummary quote={quote} isShowingRateDetails={false} />
              </Card>
            )}
            <Card title="Timeline" description="Every status change, oldest first, with the webhook event it sent and its delivery state." flush>
              {history ? <StatusTimeline steps={steps} events={events} /> : <p className="px-5 py-6 text-sm text-zinc-500">The status history could not be loaded.</p>}
            </Card>
          </div>
        </>
      )}
    </>
  );
}
