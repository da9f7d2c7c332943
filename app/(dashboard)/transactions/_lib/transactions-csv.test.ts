import { describe, expect, it } from "vitest";
import type { components } from "@/lib/client/generated/schema";
import { parseCsv } from "@/lib/csv";
import { TRANSACTION_CSV_COLUMNS, transactionsCsvFilename, transactionsCsvHeader, transactionsCsvRows } from "./transactions-csv";

type Listed = components["schemas"]["TransactionListItem"];

const USD = { code: "USD", symbol: "$", decimals: 2 };
const EUR = { code: "EUR", symbol: "€", decimals: 2 };
const CUSTOMER = "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10";
const ACCOUNT = "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f11";
const EXTERNAL = "ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f12";
const QUOTE = "Quote:019a0c6e-8f5e-7cc2-9a41-000000000009";
const AT = { createdAt: "2026-11-28T10:00:00.000Z", updatedAt: "2026-11-28T10:00:05.000Z" };

const deposit: Listed = {
  id: "Transaction:019a0c6e-8f5e-7cc2-9a41-000000000001",
  type: "INCOMING",
  direction: "CREDIT",
  status: "COMPLETED",
  customerId: CUSTOMER,
  platformCustomerId: "=cmd|' /C calc'!A0",
  source: { sourceType: "REALTIME_FUNDING", currency: "USD", accountIdentifier: "+15550001111" },
  destination: { destinationType: "ACCOUNT", accountId: ACCOUNT, currency: "USD" },
  receivedAmount: { amount: 123_456_789_012_345, currency: USD },
  fees: 30,
  reconciliationInstructions: { reference: "@REF-1" },
  description: 'Rent, "March"\nflat 2',
  settledAt: "2026-11-28T10:00:05.000Z",
  ...AT,
};

const payout: Listed = {
  id: "Transaction:019a0c6e-8f5e-7cc2-9a41-000000000002",
  type: "OUTGOING",
  direction: "DEBIT",
  status: "FAILED",
  customerId: CUSTOMER,
  platformCustomerId: "ada-1",
  source: { sourceType: "ACCOUNT", accountId: ACCOUNT, currency: "USD" },
  destination: { destinationType: "ACCOUNT", accountId: EXTERNAL, currency: "EUR" },
  sentAmount: { amount: 10_000, currency: USD },
  receivedAmount: { amount: 8_592, currency: EUR },
  fees: 660,
  platformFees: 350,
  exchangeRate: 1.0869565,
  quoteId: QUOTE,
  paymentRail: "SEPA",
  railSelectionMode: "AUTO",
  expectedSettlementAt: null,
  settlementTimelineSeconds: null,
  failureReason: "ACCOUNT_CANNOT_RECEIVE",
  refund: { reference: "REF-2-REFUND", initiatedAt: AT.updatedAt, status: "COMPLETED", reason: "TRANSACTION_FAILED" },
  reconciliationInstructions: { reference: "REF-2" },
  ...AT,
};

const cardRow = (fields: Partial<components["schemas"]["CardTransaction"]>): Listed => ({
  type: "CARD",
  id: "CardTransaction:019a0c6e-8f5e-7cc2-9a41-000000000003",
  cardId: "Card:019a0c6e-8f5e-7cc2-9a41-000000000004",
  customerId: CUSTOMER,
  platformCustomerId: "ada-1",
  issuerTransactionToken: "itt_1",
  status: "SETTLED",
  direction: "DEBIT",
  merchant: { descriptor: "=Blue Bottle", mcc: "5814", country: "US" },
  authorizedAmount: { amount: 1_250, currency: USD },
  settledAmount: { amount: 1_500, currency: USD },
  refundedAmount: { amount: 0, currency: USD },
  cardDeclinedReason: null,
  originalTransactionId: null,
  accountId: ACCOUNT,
  pullSummary: { count: 2, totalAmount: 1_500, pendingCount: 0 },
  settlementSummary: { count: 1, totalAmount: 1_500 },
  refundSummary: { count: 0, totalAmount: 0 },
  authorizedAt: AT.createdAt,
  lastEventAt: AT.updatedAt,
  ...AT,
  ...fields,
});

/** Each row of the file as { header: cell }. */
function rowsOf(transactions: Listed[]): Record<string, string>[] {
  const [header, ...rows] = parseCsv(transactionsCsvHeader() + transactionsCsvRows(transactions));
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!])));
}

describe("transactions CSV", () => {
  it("has one header per column and ends every line, the last included, in CRLF", () => {
    const text = transactionsCsvHeader() + transactionsCsvRows([payout, payout]);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n")).toHaveLength(4);
    expect(parseCsv(text).every((record) => record.length === TRANSACTION_CSV_COLUMNS.length)).toBe(true);
    expect(new Set(TRANSACTION_CSV_COLUMNS.map((c) => c.header)).size).toBe(TRANSACTION_CSV_COLUMNS.length);
  });

  it("writes a payout's amounts in exact minor units and in major units with their currency, its fees in the sending currency, rate, quote, rail and failure", () => {
    expect(rowsOf([payout])[0]).toMatchObject({
      id: payout.id,
      type: "OUTGOING",
      direction: "DEBIT",
      status: "FAILED",
      createdAt: AT.createdAt,
      settledAt: "",
      sourceType: "ACCOUNT",
      source: ACCOUNT,
      destinationType: "ACCOUNT",
      destination: EXTERNAL,
      sentCurrency: "USD",
      sentAmountMinor: "10000",
      sentAmount: "100.00",
      receivedCurrency: "EUR",
      receivedAmountMinor: "8592",
      receivedAmount: "85.92",
      feesCurrency: "USD",
      feesMinor: "660",
      fees: "6.60",
      platformFeesMinor: "350",
      platformFees: "3.50",
      exchangeRate: "1.0869565",
      quoteId: QUOTE,
      paymentRail: "SEPA",
      reference: "REF-2",
      failureReason: "ACCOUNT_CANNOT_RECEIVE",
      refundStatus: "COMPLETED",
      cardId: "",
    });
  });

  it.each([
    [123_456_789_012_345, 2, "1234567890123.45"],
    [1, 2, "0.01"],
    [5, 0, "5"],
    [1, 6, "0.000001"],
    [2_100_000_000_000_000, 8, "21000000.00000000"],
    [9_007_199_254_740_991, 2, "90071992547409.91"],
    // Where dividing as floats goes wrong: (7428711173067729 / 100).toFixed(2) is "74287111730677.30".
    [7_428_711_173_067_729, 2, "74287111730677.29"],
    [7_643_587_654_158_897, 8, "76435876.54158897"],
    [8_752_947_988_850_399, 18, "0.008752947988850399"],
  ])("turns %d minor units with %d decimals into %s exactly, never through floats", (amount, decimals, expected) => {
    const row = rowsOf([{ ...payout, sentAmount: { amount, currency: { code: "XYZ", decimals } } }])[0]!;
    expect(row.sentAmountMinor).toBe(String(amount));
    expect(row.sentAmount).toBe(expected);
  });

  it.each([
    [1e-8, "0.00000001"],
    [5.8512345e-9, "0.0000000058512345"],
    [65000, "65000"],
    [1.5e21, "1500000000000000000000"],
  ])("writes the exchange rate %s as the plain decimal %s, never in exponent notation", (exchangeRate, expected) => {
    const btc = { code: "BTC", symbol: "₿", decimals: 8 };
    const row = rowsOf([{ ...payout, sentAmount: { amount: 100_000_000, currency: btc }, receivedAmount: { amount: 99_500_000, currency: { code: "RWF", decimals: 0 } }, exchangeRate }])[0]!;
    expect(row.exchangeRate).toBe(expected);
  });

  it("writes a deposit's fees in the receiving currency, and its free text guarded and quoted", () => {
    expect(rowsOf([deposit])[0]).toMatchObject({
      type: "INCOMING",
      direction: "CREDIT",
      settledAt: "2026-11-28T10:00:05.000Z",
      platformCustomerId: "'=cmd|' /C calc'!A0",
      sourceType: "REALTIME_FUNDING",
      source: "'+15550001111",
      sentAmountMinor: "",
      receivedCurrency: "USD",
      receivedAmountMinor: "123456789012345",
      receivedAmount: "1234567890123.45",
      feesCurrency: "USD",
      feesMinor: "30",
      fees: "0.30",
      platformFeesMinor: "",
      reference: "'@REF-1",
      description: 'Rent, "March"\nflat 2',
      failureReason: "",
    });
  });

  it("writes a card purchase as money sent from the funding account to the merchant: settled amount sent, authorized amount beside it", () => {
    expect(rowsOf([cardRow({})])[0]).toMatchObject({
      type: "CARD",
      direction: "DEBIT",
      status: "SETTLED",
      customerId: CUSTOMER,
      sourceType: "ACCOUNT",
      source: ACCOUNT,
      destinationType: "MERCHANT",
      destination: "'=Blue Bottle",
      sentCurrency: "USD",
      sentAmountMinor: "1500",
      sentAmount: "15.00",
      receivedAmountMinor: "",
      feesCurrency: "",
      feesMinor: "",
      exchangeRate: "",
      reference: "",
      cardId: "Card:019a0c6e-8f5e-7cc2-9a41-000000000004",
      cardAuthorizedCurrency: "USD",
      cardAuthorizedAmountMinor: "1250",
      cardAuthorizedAmount: "12.50",
      originalTransactionId: "",
    });
  });

  it("writes a card return as money received from the merchant, naming the purchase it returns", () => {
    const purchase = "CardTransaction:019a0c6e-8f5e-7cc2-9a41-000000000005";
    const row = rowsOf([cardRow({ direction: "CREDIT", authorizedAmount: { amount: 500, currency: USD }, settledAmount: { amount: 500, currency: USD }, originalTransactionId: purchase })])[0]!;
    expect(row).toMatchObject({ sourceType: "MERCHANT", source: "'=Blue Bottle", destinationType: "ACCOUNT", destination: ACCOUNT, sentAmountMinor: "", receivedAmountMinor: "500", receivedAmount: "5.00", originalTransactionId: purchase });
  });

  it("writes a declined authorization with nothing moved and its declined reason", () => {
    const row = rowsOf([cardRow({ status: "DECLINED", settledAmount: { amount: 0, currency: USD }, cardDeclinedReason: "INSUFFICIENT_FUNDS" })])[0]!;
    expect(row).toMatchObject({ status: "DECLINED", sentAmountMinor: "0", sentAmount: "0.00", cardAuthorizedAmountMinor: "1250", failureReason: "INSUFFICIENT_FUNDS" });
  });
});

describe("transactionsCsvFilename", () => {
  const at = new Date("2026-11-28T23:59:59Z");

  it("names the day it was exported (UTC)", () => {
    expect(transactionsCsvFilename({}, at)).toBe("transactions-2026-11-28.csv");
  });

  it("hints at the filters: type, status and dates by value, the others as filtered", () => {
    expect(transactionsCsvFilename({ type: "OUTGOING", status: "FAILED", from: "2026-11-01", to: "2026-11-30", sortOrder: "asc" }, at)).toBe(
      "transactions-2026-11-28-outgoing-failed-from-2026-11-01-to-2026-11-30.csv",
    );
    expect(transactionsCsvFilename({ customerId: CUSTOMER, q: 'a"b' }, at)).toBe("transactions-2026-11-28-filtered.csv");
  });
});
