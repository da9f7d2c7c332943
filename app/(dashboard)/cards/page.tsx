import type { Metadata } from "next";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import type { components } from "@/lib/client/generated/schema";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { Money } from "@/components/money";
import { DateTime } from "@/components/date-time";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";

export const metadata: Metadata = { title: "Cards" };
export const dynamic = "force-dynamic";

type IssuedCard = components["schemas"]["Card"];
type CardTransaction = components["schemas"]["CardTransaction"];

const CARD_TONES: Record<string, BadgeTone> = { ACTIVE: "success", FROZEN: "info", PROCESSING: "warning", CLOSED: "neutral", PENDING_KYC: "warning" };
const TX_TONES: Record<string, BadgeTone> = { AUTHORIZED: "info", PARTIALLY_SETTLED: "warning", SETTLED: "success", DECLINED: "danger", VOIDED: "neutral", EXCEPTION: "danger" };

const cardColumns: Column<IssuedCard>[] = [
  { header: "Card", cell: (c) => <span className="font-mono text-xs">{c.last4 ? `•••• ${c.last4}` : c.id}</span> },
  { header: "Cardholder", cell: (c) => <span className="font-mono text-xs">{c.cardholderId}</span> },
  { header: "State", cell: (c) => <StatusBadge tone={CARD_TONES[c.state] ?? "neutral"}>{c.stateReason ? `${c.state} (${c.stateReason})` : c.state}</StatusBadge> },
  { header: "Currency", cell: (c) => c.currency ?? "—" },
  { header: "Funding sources", cell: (c) => <span className="font-mono text-xs">{c.fundingSources.join(", ")}</span> },
  { header: "Max per transaction", cell: (c) => (c.maxSpendPerTransaction === null ? "none" : c.currency ? <Money amount={c.maxSpendPerTransaction} currency={{ code: c.currency }} /> : c.maxSpendPerTransaction) },
  { header: "Issued", cell: (c) => <DateTime value={c.createdAt} /> },
];

const transactionColumns: Column<CardTransaction>[] = [
  { header: "Merchant", cell: (t) => [t.merchant.descriptor, t.merchant.country].filter(Boolean).join(" · ") },
  { header: "Direction", cell: (t) => t.direction },
  { header: "Status", cell: (t) => <StatusBadge tone={TX_TONES[t.status] ?? "neutral"}>{t.cardDeclinedReason ? `${t.status} · ${t.cardDeclinedReason}` : t.status}</StatusBadge> },
  { header: "Authorized", cell: (t) => <Money amount={t.authorizedAmount.amount} currency={t.authorizedAmount.currency} /> },
  { header: "Settled", cell: (t) => (t.settledAmount ? <Money amount={t.settledAmount.amount} currency={t.settledAmount.currency} /> : "—") },
  { header: "Refunded", cell: (t) => (t.refundedAmount ? <Money amount={t.refundedAmount.amount} currency={t.refundedAmount.currency} /> : "—") },
  { header: "Card", cell: (t) => <span className="font-mono text-xs">{t.cardId}</span> },
  { header: "Authorized at", cell: (t) => <DateTime value={t.authorizedAt} /> },
];

/** Cards issued to the platform's customers and their latest card transactions (read-only). */
export default async function CardsPage() {
  await requireSession();
  const client = await serviceClient();
  const [cards, transactions] = await Promise.all([
    client.GET("/cards", { params: { query: { limit: 100 } } }),
    client.GET("/transactions", { params: { query: { type: "CARD", limit: 50 } } }),
  ]);
  const error = cards.error ?? transactions.error;
  const cardTransactions = (transactions.data?.data ?? []).filter((t): t is CardTransaction => t.type === "CARD");

  return (
    <>
      <PageHeader title="Cards" description="Cards issued to your customers, their state and funding, and their authorizations, clearings and returns." />
      <div className="space-y-6">
        {error && (
          <Notice tone="error" title="Some data could not be loaded">
            {error.message}
          </Notice>
        )}
        <Card title="Cards" description={`${cards.data?.totalCount ?? 0} card(s), newest first.`} flush>
          <DataTable columns={cardColumns} rows={cards.data?.data ?? []} rowKey={(c) => c.id} caption="Cards" empty="No cards issued yet." />
        </Card>
        <Card title="Card transactions" description="The latest 50, newest first. Declines show their reason." flush>
          <DataTable columns={transactionColumns} rows={cardTransactions} rowKey={(t) => t.id} caption="Card transactions" empty="No card transactions yet." />
        </Card>
      </div>
    </>
  );
}
