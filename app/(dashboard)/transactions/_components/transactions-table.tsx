import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { CardTransactionStatusBadge } from "../../cards/_components/card-tables";
import { transactionHref } from "../_lib/transaction-href";
import { TransactionStatusBadge } from "./transaction-status-badge";

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

const COLUMNS: Column<ListedTransaction>[] = [
  { header: "Created", cell: (t) => <DateTime value={t.createdAt} /> },
  {
    header: "Type",
    cell: (t) => (
      <Link href={rowHref(t)} className="group block">
        <span className="font-medium text-zinc-900 group-hover:text-brand-700 group-hover:underline">{t.type}</span>
        <code className="block font-mono text-xs whitespace-nowrap text-zinc-500">{t.id}</code>
      </Link>
    ),
  },
  { header: "Status", cell: (t) => (t.type === "CARD" ? <CardTransactionStatusBadge transaction={t} /> : <TransactionStatusBadge status={t.status} />) },
  {
    header: "Amount",
    className: "text-right",
    cell: (t) => {
      const amount = listedAmount(t);
      return amount ? <Money amount={amount.amount} currency={amount.currency} testId="transaction-amount" /> : "—";
    },
  },
  { header: "Counterparty", cell: (t) => <code className="font-mono text-xs break-all text-zinc-600">{t.type === "CARD" ? t.merchant.descriptor : counterparty(t)}</code> },
  { header: "Reference", cell: (t) => <span className="font-mono text-xs">{(t.type !== "CARD" && t.reconciliationInstructions?.reference) || "—"}</span> },
];

export function TransactionsTable({ transactions, isFiltered }: { transactions: ListedTransaction[]; isFiltered: boolean }) {
  return (
    <DataTable
      caption="Transactions"
      columns={COLUMNS}
      rows={transactions}
      rowKey={(t) => t.id}
      empty={isFiltered ? "No transactions match these filters." : "No transactions yet. Send a transfer to see one here."}
    />
  );
}
