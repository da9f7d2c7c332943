import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Money } from "@/components/money";
import { CardTransactionStatusBadge } from "../../cards/_components/card-tables";
import { transactionHref } from "../_lib/transaction-href";
import { TransactionStatusBadge } from "./transaction-status-badge";
import { TruncatedId } from "./truncated-id";

type Transaction = components["schemas"]["TransactionOneOf"];
type ListedTransaction = components["schemas"]["TransactionListItem"];
type CurrencyAmount = components["schemas"]["CurrencyAmount"];

/** What moved: the sent amount of a payout, the received amount of a deposit. */
export function primaryAmount(t: Transaction): CurrencyAmount | undefined {
  return t.type === "OUTGOING" ? t.sentAmount : t.receivedAmount;
}

/** The other side from the platform's point of view: where a payout went, where a deposit came from. */
export function counterparty(t: Transaction): string {
  const side = t.type === "OUTGOING" ? t.destination : t.source;
  if (!side) return "—";
  if ("accountId" in side && side.accountId) return side.accountId;
  const fields = side as unknown as Record<string, unknown>;
  return typeof fields.umaAddress === "string" ? fields.umaAddress : "—";
}

/** A card row's amount: what settled once anything did, else what was authorized. */
function listedAmount(t: ListedTransaction): CurrencyAmount | undefined {
  if (t.type !== "CARD") return primaryAmount(t);
  return t.settledAmount?.amount ? t.settledAmount : t.authorizedAmount;
}

// GET /transactions lists card rows too (BEHAVIORS.md §3.6); they link to their card, whose page has their detail.
const rowHref = (t: ListedTransaction) => (t.type === "CARD" ? `/cards/${encodeURIComponent(t.cardId)}` : transactionHref(t.id));

const DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const TIME = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

/** The day over the time, in UTC: half the width of one line, the exact instant in the tooltip. */
function CreatedAt({ value }: { value: string | undefined }) {
  if (!value) return <span className="text-zinc-400">—</span>;
  const at = new Date(value);
  return (
    <time dateTime={value} title={value} className="block whitespace-nowrap">
      {DAY.format(at)}
      <span className="block text-xs text-zinc-500">{TIME.format(at)} UTC</span>
    </time>
  );
}

function Counterparty({ transaction: t }: { transaction: ListedTransaction }) {
  if (t.type === "CARD") {
    return (
      <span title={t.merchant.descriptor} className="block max-w-48 truncate text-xs text-zinc-700">
        {t.merchant.descriptor}
      </span>
    );
  }
  const value = counterparty(t);
  if (value === "—") return <span className="text-zinc-400">—</span>;
  if (value.startsWith("InternalAccount:")) {
    return (
      <span className="block">
        <Link href={`/accounts/${encodeURIComponent(value)}`} className="text-xs font-medium text-brand-700 hover:underline">
          Internal account
        </Link>
        <TruncatedId id={value} label="counterparty account id" />
      </span>
    );
  }
  const kind = value.startsWith("ExternalAccount:") ? "External account" : value.startsWith("$") ? "UMA address" : undefined;
  return (
    <span className="block">
      {kind && <span className="block text-xs text-zinc-700">{kind}</span>}
      <TruncatedId id={value} label="counterparty" maxWidth="max-w-32" />
    </span>
  );
}

/** The customer's name, linked to their page; the id when the name could not be read (deleted, or past the lookup's limit). */
function CustomerCell({ customerId, name }: { customerId: string | undefined; name: string | undefined }) {
  if (!customerId) return <span className="text-zinc-400">—</span>;
  return (
    <Link href={`/customers/${encodeURIComponent(customerId)}`} title={customerId} className={`block max-w-32 truncate text-xs font-medium text-brand-700 hover:underline${name ? "" : " font-mono"}`}>
      {name ?? customerId}
    </Link>
  );
}

// On a phone's width the three columns left share the padding: 20px at the card's edges, 8px between.
const NARROW_FIRST = "@max-xl:pr-2!";
const NARROW_MIDDLE = "@max-xl:px-2!";
const NARROW_LAST = "@max-xl:pl-2!";

/*
 * Columns give way by the width of the table's own box (container queries), not the window's: the
 * same table sits under a sidebar on a laptop and alone on a phone. Type, Status and Amount always
 * show; then the ids (~576px), Counterparty and Customer (~768px), Created (~896px; below that the day shows
 * under the type), Reference (~1024px). Ids are clipped in the middle (to 8rem, so a laptop fits them all),
 * with a tooltip and copy.
 */
// Without customerNames (a customer's own page) there is no Customer column.
const columns = (customerNames: Map<string, string> | undefined): Column<ListedTransaction>[] => [
  { header: "Created", className: "hidden @4xl:table-cell", cell: (t) => <CreatedAt value={t.createdAt} /> },
  {
    header: "Type",
    className: NARROW_FIRST,
    cell: (t) => (
      <div className="min-w-0">
        <Link href={rowHref(t)} className="font-medium text-zinc-900 hover:text-brand-700 hover:underline">
          {t.type}
        </Link>
        <span className="block text-xs whitespace-nowrap text-zinc-500 @4xl:hidden">{t.createdAt ? DAY.format(new Date(t.createdAt)) : ""}</span>
        <div className="hidden @xl:block">
          <TruncatedId id={t.id} label="transaction id" maxWidth="max-w-32" />
        </div>
      </div>
    ),
  },
  {
    header: "Status",
    className: NARROW_MIDDLE,
    cell: (t) => (
      <span data-testid="transaction-row-status">{t.type === "CARD" ? <CardTransactionStatusBadge transaction={t} /> : <TransactionStatusBadge status={t.status} />}</span>
    ),
  },
  {
    header: "Amount",
    className: `text-right ${NARROW_LAST}`,
    cell: (t) => {
      const amount = listedAmount(t);
      return amount ? <Money amount={amount.amount} currency={amount.currency} testId="transaction-amount" /> : "—";
    },
  },
  { header: "Counterparty", className: "hidden @3xl:table-cell", cell: (t) => <Counterparty transaction={t} /> },
  ...(customerNames
    ? [{ header: "Customer", className: "hidden @3xl:table-cell", cell: (t: ListedTransaction) => <CustomerCell customerId={t.customerId} name={t.customerId ? customerNames.get(t.customerId) : undefined} /> }]
    : []),
  {
    header: "Reference",
    className: "hidden @5xl:table-cell",
    cell: (t) => {
      const reference = t.type !== "CARD" ? t.reconciliationInstructions?.reference : undefined;
      return reference ? (
        <span title={reference} className="block max-w-40 truncate font-mono text-xs">
          {reference}
        </span>
      ) : (
        <span className="text-zinc-400">—</span>
      );
    },
  },
];

export function TransactionsTable({ transactions, customerNames, isFiltered }: { transactions: ListedTransaction[]; customerNames?: Map<string, string>; isFiltered: boolean }) {
  return (
    <div className="@container">
      <DataTable
        caption="Transactions"
        columns={columns(customerNames)}
        rows={transactions}
        rowKey={(t) => t.id}
        empty={isFiltered ? "No transactions match these filters." : "No transactions yet. Send a transfer to see one here."}
      />
    </div>
  );
}
