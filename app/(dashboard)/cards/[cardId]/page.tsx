import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { resourceIdFromSegment } from "@/components/resource-id";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import type { components } from "@/lib/client/generated/schema";
import { DateTime } from "@/components/date-time";
import { Fact } from "@/components/fact";
import { Money } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { CursorPager, pagePosition, pagerLinks } from "@/components/cursor-pager";
import { OwnerLink } from "@/components/internal-accounts-table";
import { loadCustomerNames } from "../../customers/_lib/load-customer-names";
import { CardSimulator } from "../_components/card-simulator";
import { CardStateControls } from "../_components/card-state-controls";
import { CardStateBadge, cardTransactionColumns } from "../_components/card-tables";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "Card" };
export const dynamic = "force-dynamic";

type CardTransaction = components["schemas"]["CardTransaction"];

const PAGE_SIZE = 20;

export default async function CardPage({ params, searchParams }: { params: Promise<{ cardId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const cardId = resourceIdFromSegment((await params).cardId, "Card") ?? notFound();
  const position = pagePosition(await searchParams);
  const client = await serviceClient();
  const { data: card, error, response } = await client.GET("/cards/{id}", { params: { path: { id: cardId } } });
  if (response.status === 404) notFound();
  if (!card) return <Notice tone="error" title={error?.message ?? "The card could not be loaded"} />;
  const fundingId = card.fundingSources[0];
  const [funding, transactions, names] = await Promise.all([
    fundingId ? client.GET("/internal-accounts/{id}", { params: { path: { id: fundingId } } }) : Promise.resolve(undefined),
    client.GET("/transactions", { params: { query: { type: "CARD", cardId, limit: PAGE_SIZE, cursor: position.cursor } } }),
    loadCustomerNames(client, [card.cardholderId]),
  ]);
  const rows = (transactions.data?.data ?? []).filter((t): t is CardTransaction => t.type === "CARD");
  const account = funding?.data;
  // The funding account's currency carries the symbol and decimals ("$50.00", as amounts read everywhere).
  const cardCurrency = account && account.balance.currency.code === card.currency ? account.balance.currency : { code: card.currency ?? "" };
  const canTransact = can(user, "TRANSACT");

  return (
    <>
      <Link href="/cards" className="text-sm text-brand-700 hover:underline">
        ← Cards
      </Link>
      <PageHeader
        title={card.last4 ? `Card •••• ${card.last4}` : "Card"}
        description={
          <>
            Virtual {card.brand ?? ""} card of <OwnerLink customerId={card.cardholderId} name={names.get(card.cardholderId)} className="font-medium" />
          </>
        }
        actions={<span data-testid="card-state"><CardStateBadge card={card} /></span>}
      />
      <div className="space-y-6">
        {transactions.error && <Notice tone="error" title={transactions.error.message} />}
        <Card title="Card">
          <div className="space-y-5">
            <dl className="grid gap-4 sm:grid-cols-4">
              <Fact label="Expires">{card.expMonth && card.expYear ? `${String(card.expMonth).padStart(2, "0")}/${card.expYear}` : "—"}</Fact>
              <Fact label="Max per purchase" testId="card-max-per-purchase">{card.maxSpendPerTransaction === null ? "No ceiling" : card.currency ? <Money amount={card.maxSpendPerTransaction} currency={cardCurrency} /> : card.maxSpendPerTransaction}</Fact>
              <Fact label="Reference">{card.platformCardId ?? "—"}</Fact>
              <Fact label="Issued"><DateTime value={card.createdAt} /></Fact>
            </dl>
            {can(user, "MANAGE") && <CardStateControls card={card} />}
          </div>
        </Card>
        <Card title="Funding" description="Purchases are held on the first funding account when authorized and debited when they clear.">
          {account ? (
            <dl className="grid gap-4 sm:grid-cols-3">
              <Fact label="Account"><Link className="font-mono text-xs text-brand-700 hover:underline" href={`/accounts/${encodeURIComponent(account.id)}`}>{account.id}</Link></Fact>
              <Fact label="Available" testId="funding-available"><Money amount={account.balance.amount} currency={account.balance.currency} /></Fact>
              <Fact label="Posted (incl. holds)" testId="funding-posted"><Money amount={account.totalBalance.amount} currency={account.totalBalance.currency} /></Fact>
            </dl>
          ) : (
            <p className="text-sm text-zinc-600">{funding?.error?.message ?? "No funding account."}</p>
          )}
        </Card>
        {user.environment === "SANDBOX" && canTransact && card.currency && (
          <CardSimulator cardId={card.id} currency={card.currency} decimals={account?.balance.currency.decimals ?? 2} transactions={rows} />
        )}
        <Card title="Card transactions" description="Newest first. Declines show their reason." flush>
          <DataTable columns={cardTransactionColumns} rows={rows} rowKey={(t) => t.id} caption="Card transactions" empty="No card transactions yet." />
          <CursorPager label="Card transaction pages" {...pagerLinks(`/cards/${encodeURIComponent(card.id)}`, {}, position, transactions.data)} />
        </Card>
      </div>
    </>
  );
}
