import type { Metadata } from "next";
import Link from "next/link";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import type { components } from "@/lib/client/generated/schema";
import { PageHeader } from "@/components/page-header";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { Money } from "@/components/money";
import { DateTime } from "@/components/date-time";
import { CardStateBadge, cardTransactionColumns } from "./_components/card-tables";
import { countLabel, CursorPager, PAGE_PARAMS, pageParams, pagePosition, pagerLinks, positionQuery } from "@/components/cursor-pager";
import { OwnerLink } from "@/components/internal-accounts-table";
import { can } from "../_lib/can";
import { loadCurrencies } from "../agents/_lib/load-currencies";
import type { CurrencyInfo } from "../agents/_lib/policy";
import { loadCustomerNames } from "../customers/_lib/load-customer-names";

export const metadata: Metadata = { title: "Cards" };
export const dynamic = "force-dynamic";

type IssuedCard = components["schemas"]["Card"];
type CardTransaction = components["schemas"]["CardTransaction"];

/** Cards with their cardholder by name (`names`, else the id) and the ceiling as money in the card's currency. */
function cardColumns(names: ReadonlyMap<string, string>, currencies: CurrencyInfo[]): Column<IssuedCard>[] {
  const currencyOf = (code: string) => currencies.find((c) => c.code === code) ?? { code };
  return [
    { header: "Card", cell: (c) => <Link className="font-mono text-xs font-medium text-brand-700 hover:underline" href={`/cards/${encodeURIComponent(c.id)}`}>{c.last4 ? `•••• ${c.last4}` : c.id}</Link> },
    { header: "Cardholder", cell: (c) => <OwnerLink customerId={c.cardholderId} name={names.get(c.cardholderId)} /> },
    { header: "State", cell: (c) => <CardStateBadge card={c} /> },
    { header: "Currency", cell: (c) => c.currency ?? "—" },
    { header: "Max per purchase", cell: (c) => (c.maxSpendPerTransaction === null ? "none" : c.currency ? <Money amount={c.maxSpendPerTransaction} currency={currencyOf(c.currency)} /> : c.maxSpendPerTransaction) },
    { header: "Issued", cell: (c) => <DateTime value={c.createdAt} /> },
  ];
}

const PAGE_SIZE = 20;
/** The card transactions page on their own: `?txCursor=…&txPage=N`. */
const TRANSACTION_PAGE = pageParams("tx");

/** Cards issued to the platform's customers and their card transactions, each list paged on its own. */
export default async function CardsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const search = await searchParams;
  const cardsAt = pagePosition(search);
  const transactionsAt = pagePosition(search, TRANSACTION_PAGE);
  const client = await serviceClient();
  const cardsRequest = client.GET("/cards", { params: { query: { limit: PAGE_SIZE, cursor: cardsAt.cursor } } });
  const [cards, names, transactions, currencies] = await Promise.all([
    cardsRequest,
    cardsRequest.then(({ data }) => loadCustomerNames(client, data?.data.map((c) => c.cardholderId) ?? [])),
    client.GET("/transactions", { params: { query: { type: "CARD", limit: PAGE_SIZE, cursor: transactionsAt.cursor } } }),
    loadCurrencies(client),
  ]);
  const error = cards.error ?? transactions.error;
  const cardTransactions = (transactions.data?.data ?? []).filter((t): t is CardTransaction => t.type === "CARD");

  return (
    <>
      <PageHeader
        title="Cards"
        description="Cards issued to your customers, their state and funding, and their authorizations, clearings and returns."
        actions={
          can(user, "MANAGE") && (
            <Link href="/cards/new" className={buttonClasses("primary")}>
              Issue card
            </Link>
          )
        }
      />
      <div className="space-y-6">
        {error && (
          <Notice tone="error" title="Some data could not be loaded">
            {error.message}
          </Notice>
        )}
        <Card title="Cards" description={`${cards.data ? countLabel(cards.data) : "0"} card(s), newest first.`} flush>
          <DataTable columns={cardColumns(names, currencies)} rows={cards.data?.data ?? []} rowKey={(c) => c.id} caption="Cards" empty="No cards issued yet." />
          <CursorPager label="Card pages" {...pagerLinks("/cards", positionQuery(transactionsAt, TRANSACTION_PAGE), cardsAt, cards.data)} />
        </Card>
        <Card title="Card transactions" description="Newest first. Declines show their reason." flush>
          <DataTable columns={cardTransactionColumns} rows={cardTransactions} rowKey={(t) => t.id} caption="Card transactions" empty="No card transactions yet." />
          <CursorPager label="Card transaction pages" {...pagerLinks("/cards", positionQuery(cardsAt, PAGE_PARAMS), transactionsAt, transactions.data, TRANSACTION_PAGE)} />
        </Card>
      </div>
    </>
  );
}
