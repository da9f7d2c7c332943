import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { components } from "@/lib/client/generated/schema";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { StatusTimeline } from "../_components/status-timeline";
import { TransactionSummary } from "../_components/transaction-summary";
import { decodeSegment } from "../_lib/transaction-href";

export const metadata: Metadata = { title: "Transaction" };

type WebhookEvent = components["schemas"]["WebhookEvent"];

export default async function TransactionPage({ params }: { params: Promise<{ transactionId: string }> }) {
  await requireSession();
  const transactionId = decodeSegment((await params).transactionId);
  const client = await serviceClient();
  const path = { path: { transactionId } };
  const [{ data: transaction, error, response }, { data: history }] = await Promise.all([
    client.GET("/transactions/{transactionId}", { params: path }),
    client.GET("/transactions/{transactionId}/status-history", { params: path }),
  ]);
  if (response.status === 404) notFound();

  const steps = history?.data ?? [];
  const eventIds = [...new Set(steps.flatMap((s) => (s.webhookEventId ? [s.webhookEventId] : [])))];
  const answers = await Promise.all(eventIds.map((eventId) => client.GET("/webhooks/events/{eventId}", { params: { path: { eventId } } })));
  const events = new Map<string, WebhookEvent>(answers.flatMap((a) => (a.data ? [[a.data.id, a.data] as const] : [])));

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
            <TransactionSummary transaction={transaction} />
            <Card title="Timeline" description="Every status change, oldest first, with the webhook event it sent and its delivery state." flush>
              {history ? <StatusTimeline steps={steps} events={events} /> : <p className="px-5 py-6 text-sm text-zinc-500">The status history could not be loaded.</p>}
            </Card>
          </div>
        </>
      )}
    </>
  );
}
