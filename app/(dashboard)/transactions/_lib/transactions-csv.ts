import type { components } from "@/lib/client/generated/schema";
import { currencyDecimals, formatMinorUnits, type MoneyCurrency } from "@/components/money";
import { formatDecimal } from "@/components/format-decimal";
import { csvHeader, csvRecord, type CsvColumn } from "@/lib/csv";
import { feesCurrencyOf } from "./fees-currency";
import type { TransactionFilterValues } from "./list-params";

type Listed = components["schemas"]["TransactionListItem"];
type Payment = components["schemas"]["TransactionOneOf"];
type Card = components["schemas"]["CardTransaction"];
type CurrencyAmount = components["schemas"]["CurrencyAmount"];
type Side = Payment["source"] | Payment["destination"];

/** "1234" minor units → "12.34": from the digits and the currency's decimals, never through floats. */
const major = (amount: number, currency: MoneyCurrency) => formatMinorUnits(amount, currencyDecimals(currency), { grouping: false });

/** `<prefix>Currency`, `<prefix>AmountMinor` (exact) and `<prefix>Amount` (major units). */
function amountColumns(prefix: string, amountOf: (t: Listed) => CurrencyAmount | undefined): CsvColumn<Listed>[] {
  return [
    { header: `${prefix}Currency`, value: (t) => amountOf(t)?.currency.code },
    { header: `${prefix}AmountMinor`, numeric: true, value: (t) => amountOf(t)?.amount.toString() },
    { header: `${prefix}Amount`, numeric: true, value: (t) => { const a = amountOf(t); return a && major(a.amount, a.currency); } },
  ];
}

/** A payment's side: its kind and who it is (an account id, a UMA address, the originator's account). */
function side(s: Side | undefined): { type: string; id: string | undefined } | undefined {
  if (!s) return undefined;
  if ("sourceType" in s) {
    if (s.sourceType === "ACCOUNT") return { type: "ACCOUNT", id: s.accountId };
    if (s.sourceType === "UMA_ADDRESS") return { type: "UMA_ADDRESS", id: s.umaAddress };
    return { type: s.sourceType, id: s.accountIdentifier };
  }
  return s.destinationType === "ACCOUNT" ? { type: "ACCOUNT", id: s.accountId } : { type: "UMA_ADDRESS", id: s.umaAddress };
}

/** A card row moves money between the funding account and the merchant: a purchase (DEBIT) to it, a return (CREDIT) from it. */
function cardSide(t: Card, which: "source" | "destination") {
  const isAccount = (which === "source") === (t.direction === "DEBIT");
  return isAccount ? { type: "ACCOUNT", id: t.accountId } : { type: "MERCHANT", id: t.merchant.descriptor };
}

const sideOf = (t: Listed, which: "source" | "destination") => (t.type === "CARD" ? cardSide(t, which) : side(t[which]));

/** What left: a payment's sent amount; a card purchase's settled amount (an authorization alone moved nothing yet). */
function sent(t: Listed): CurrencyAmount | undefined {
  if (t.type === "CARD") return t.direction === "DEBIT" ? t.settledAmount : undefined;
  return t.sentAmount;
}

function received(t: Listed): CurrencyAmount | undefined {
  if (t.type === "CARD") return t.direction === "CREDIT" ? t.settledAmount : undefined;
  return t.receivedAmount;
}

const fees = (t: Listed) => (t.type === "CARD" ? undefined : t.fees);
const platformFees = (t: Listed) => (t.type === "OUTGOING" ? t.platformFees : undefined);

/** Fees come off the sending side of a payout, and are in the receiving currency for a deposit (BEHAVIORS.md §3.6). */
function feesCurrency(t: Listed): MoneyCurrency | undefined {
  if (t.type === "CARD" || (fees(t) === undefined && platformFees(t) === undefined)) return undefined;
  return feesCurrencyOf(t);
}

/** `<prefix>Minor` (exact) and `<prefix>` (major units), in feesCurrency. */
function feeColumns(prefix: string, amountOf: (t: Listed) => number | undefined): CsvColumn<Listed>[] {
  return [
    { header: `${prefix}Minor`, numeric: true, value: (t) => amountOf(t)?.toString() },
    { header: prefix, numeric: true, value: (t) => { const amount = amountOf(t); const currency = feesCurrency(t); return amount === undefined || !currency ? undefined : major(amount, currency); } },
  ];
}

const payment = <V>(read: (t: Payment) => V) => (t: Listed) => (t.type === "CARD" ? undefined : read(t));
const card = <V>(read: (t: Card) => V) => (t: Listed) => (t.type === "CARD" ? read(t) : undefined);

/**
 * One column per thing a reconciliation needs, for payments and card rows alike (GET /transactions
 * lists both, BEHAVIORS.md §3.6). Amounts come as exact minor units and as major units with their
 * currency; every cell that is not an amount or a rate is text, guarded against formulas (lib/csv.ts).
 */
export const TRANSACTION_CSV_COLUMNS: readonly CsvColumn<Listed>[] = [
  { header: "id", value: (t) => t.id },
  { header: "type", value: (t) => t.type },
  { header: "direction", value: (t) => t.direction },
  { header: "status", value: (t) => t.status },
  { header: "createdAt", value: (t) => t.createdAt },
  { header: "updatedAt", value: (t) => t.updatedAt },
  { header: "settledAt", value: payment((t) => t.settledAt) },
  { header: "customerId", value: (t) => t.customerId },
  { header: "platformCustomerId", value: (t) => t.platformCustomerId },
  { header: "sourceType", value: (t) => sideOf(t, "source")?.type },
  { header: "source", value: (t) => sideOf(t, "source")?.id },
  { header: "destinationType", value: (t) => sideOf(t, "destination")?.type },
  { header: "destination", value: (t) => sideOf(t, "destination")?.id },
  ...amountColumns("sent", sent),
  ...amountColumns("received", received),
  { header: "feesCurrency", value: (t) => feesCurrency(t)?.code },
  ...feeColumns("fees", fees),
  ...feeColumns("platformFees", platformFees),
  { header: "exchangeRate", numeric: true, value: payment((t) => (t.exchangeRate === undefined ? undefined : formatDecimal(t.exchangeRate))) },
  { header: "quoteId", value: payment((t) => t.quoteId) },
  { header: "paymentRail", value: (t) => (t.type === "OUTGOING" ? t.paymentRail : undefined) },
  { header: "reference", value: payment((t) => t.reconciliationInstructions?.reference) },
  { header: "description", value: payment((t) => t.description) },
  { header: "failureReason", value: (t) => (t.type === "CARD" ? t.cardDeclinedReason : t.failureReason) },
  { header: "refundStatus", value: payment((t) => t.refund?.status) },
  { header: "cardId", value: card((t) => t.cardId) },
  ...amountColumns("cardAuthorized", card((t) => t.authorizedAmount)),
  { header: "originalTransactionId", value: card((t) => t.originalTransactionId) },
];

/** The header line, CRLF included. */
export function transactionsCsvHeader(): string {
  return csvHeader(TRANSACTION_CSV_COLUMNS);
}

/** One line per transaction, in the order given, CRLF included. */
export function transactionsCsvRows(transactions: readonly Listed[]): string {
  return transactions.map((t) => csvRecord(TRANSACTION_CSV_COLUMNS, t)).join("");
}

/**
 * `transactions-2026-11-28.csv`, the day (UTC) it was exported, then a hint of what it holds:
 * `-outgoing-failed-from-2026-11-01-to-2026-11-30`, and `-filtered` when other filters narrow it.
 */
export function transactionsCsvFilename(filters: Partial<TransactionFilterValues>, exportedAt: Date): string {
  const { type, status, from, to, customerId, platformCustomerId, account, q } = filters;
  const hints = [type, status, from && `from-${from}`, to && `to-${to}`, (customerId || platformCustomerId || account || q) && "filtered"];
  return `${["transactions", exportedAt.toISOString().slice(0, 10), ...hints.filter(Boolean)].join("-").toLowerCase()}.csv`;
}
