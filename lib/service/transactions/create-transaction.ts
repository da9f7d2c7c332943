import { Prisma } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { dailyVolumeChange } from "./daily-volume";
import { statusEventType } from "./transaction-event-type";
import { newTransactionReference } from "./transaction-reference";
import { serializeTransaction, type TransactionRow } from "./serialize-transaction";
import type { Transaction } from "./schemas";
import { writeStatusSteps, type StatusStep } from "./write-status-step";

export type CreateTransactionInput = Omit<Prisma.TransactionUncheckedCreateInput, "id" | "reference" | "createdAt" | "updatedAt" | "statusChanges"> & {
  /** A uuid made beforehand (e.g. to name the transaction on a hold); a new UUIDv7 otherwise. */
  id?: string;
  /** A reference made beforehand with newTransactionReference (e.g. quoted in the quote's paymentInstructions); a new one otherwise. */
  reference?: string;
  /** Overrides the default event of the initial status; null sends none. */
  eventType?: string | null;
  /** Extra top-level fields for the event's `data` only (e.g. requestedReceiverCustomerInfoFields). */
  eventExtra?: Record<string, unknown>;
  note?: string;
  /**
   * Statuses the transaction passed through at the same moment, in order, before `status` (a payout
   * that is PENDING, PROCESSING and COMPLETED at once): each recorded in its history with its own
   * event carrying the transaction as it was then (not yet settled, no failure, no refund), in the
   * same statement (one round trip less per status than recordTransactionStatus afterwards).
   * `eventType` overrides a step's event (null: none), `note` annotates its history row.
   */
  passedThrough?: (Pick<CreateTransactionInput, "status" | "sourceRailDetails" | "destinationRailDetails"> & { eventType?: string | null; note?: string })[];
  /** More rows for the same statement, prepared after the steps (e.g. internalAccountEventRows for the balance event). */
  alsoWrite?: () => Promise<Prisma.Sql>;
};

/**
 * Writes a new payment transaction at its first status, with the first history step and that
 * status's webhook event, in the caller's transaction. For transfers, quotes and deposits; money
 * moves separately through the ledger in the same transaction. BEHAVIORS.md §3.
 * Throws: nothing expected (a reference collision is a unique violation, vanishingly rare).
 */
export async function createTransaction(tx: SqlTx, input: CreateTransactionInput): Promise<{ row: TransactionRow; transaction: Transaction }> {
  const { eventType, eventExtra, note, id, reference, passedThrough = [], alsoWrite, ...fields } = input;
  const at = await now(tx, input.platformId);
  const row = newTransactionRow({ ...fields, id: id ?? uuidv7(at.getTime()), reference: reference ?? newTransactionReference(), createdAt: at, updatedAt: at });
  const transaction = serializeTransaction(row);
  // Every step is given sequence 0: writeStatusSteps adds each step's position.
  const steps: StatusStep[] = passedThrough.map((step) => {
    const then: TransactionRow = {
      ...row,
      status: step.status,
      failureReason: null,
      refund: null,
      settledAt: null,
      ...(step.sourceRailDetails !== undefined && { sourceRailDetails: step.sourceRailDetails as TransactionRow["sourceRailDetails"] }),
      ...(step.destinationRailDetails !== undefined && { destinationRailDetails: step.destinationRailDetails as TransactionRow["destinationRailDetails"] }),
    };
    return { status: then.status, eventType: step.eventType !== undefined ? step.eventType : statusEventType(row.type, then.status), note: step.note, sequence: 0, data: serializeTransaction(then) };
  });
  steps.push({ status: row.status, failureReason: row.failureReason, eventType: eventType === undefined ? statusEventType(row.type, row.status) : eventType, note, sequence: 0 });
  const volumeChange = dailyVolumeChange(row, null);
  await writeStatusSteps(tx, row, transaction, steps, eventExtra, [insertTransactionRow(row), ...(volumeChange ? [volumeChange] : [])], alsoWrite);
  return { row, transaction };
}

type NewTransactionFields = Omit<CreateTransactionInput, "eventType" | "eventExtra" | "note" | "passedThrough"> & Pick<TransactionRow, "id" | "reference" | "createdAt" | "updatedAt">;

/**
 * The row as the database will hold it, made here instead of read back: the INSERT then joins the
 * statement that writes the first history step and event (one round trip, and no model write, the
 * dearest Prisma call of a payment). JSON columns go through JSON as they would through jsonb.
 */
function newTransactionRow(fields: NewTransactionFields): TransactionRow {
  const json = <T>(value: T | null | undefined) => (value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as Prisma.JsonValue));
  const list = (value: Prisma.TransactionCreatesenderIdentifiersInput | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : value.set);
  const bigint = (value: bigint | number | null | undefined) => (value === undefined || value === null ? null : BigInt(value));
  const date = (value: Date | string | null | undefined) => (value === undefined || value === null ? null : new Date(value));
  return {
    id: fields.id,
    platformId: fields.platformId,
    type: fields.type,
    status: fields.status,
    origin: fields.origin,
    customerId: fields.customerId ?? null,
    platformCustomerId: fields.platformCustomerId ?? null,
    sourceAccountId: fields.sourceAccountId ?? null,
    destinationAccountId: fields.destinationAccountId ?? null,
    source: json(fields.source),
    destination: json(fields.destination) ?? {},
    sourceSnapshot: json(fields.sourceSnapshot),
    destinationSnapshot: json(fields.destinationSnapshot),
    sourceRailDetails: json(fields.sourceRailDetails),
    destinationRailDetails: json(fields.destinationRailDetails),
    senderIdentifiers: list(fields.senderIdentifiers),
    receiverIdentifiers: list(fields.receiverIdentifiers),
    sentAmount: bigint(fields.sentAmount),
    sentCurrency: fields.sentCurrency ?? null,
    receivedAmount: bigint(fields.receivedAmount),
    receivedCurrency: fields.receivedCurrency ?? null,
    fees: bigint(fields.fees),
    platformFees: bigint(fields.platformFees),
    exchangeRate: fields.exchangeRate === undefined || fields.exchangeRate === null ? null : new Prisma.Decimal(fields.exchangeRate as string | number | Prisma.Decimal),
    quoteId: fields.quoteId ?? null,
    agentId: fields.agentId ?? null,
    paymentRail: fields.paymentRail ?? null,
    railSelectionMode: fields.railSelectionMode ?? null,
    expectedSettlementAt: date(fields.expectedSettlementAt),
    reference: fields.reference,
    description: fields.description ?? null,
    remittanceInformation: fields.remittanceInformation ?? null,
    purposeOfPayment: fields.purposeOfPayment ?? null,
    failureReason: fields.failureReason ?? null,
    pendingReason: fields.pendingReason ?? null,
    refund: json(fields.refund),
    rateDetails: json(fields.rateDetails),
    paymentInstructions: json(fields.paymentInstructions),
    counterpartyInformation: json(fields.counterpartyInformation),
    receiptDeliveryConfirmedAt: date(fields.receiptDeliveryConfirmedAt),
    settledAt: date(fields.settledAt),
    createdAt: fields.createdAt,
    updatedAt: fields.updatedAt,
  } satisfies Required<TransactionRow>;
}

/** The INSERT of a new row as a data-modifying CTE, for writeStatusSteps' statement. */
function insertTransactionRow(row: TransactionRow): Prisma.Sql {
  const jsonb = (value: Prisma.JsonValue | null) => (value === null ? null : JSON.stringify(value));
  return Prisma.sql`"new_transaction" AS (
    INSERT INTO "Transaction" ("id", "platformId", "type", "status", "origin", "customerId", "platformCustomerId", "sourceAccountId", "destinationAccountId",
      "source", "destination", "sourceSnapshot", "destinationSnapshot", "sourceRailDetails", "destinationRailDetails", "senderIdentifiers", "receiverIdentifiers",
      "sentAmount", "sentCurrency", "receivedAmount", "receivedCurrency", "fees", "platformFees", "exchangeRate", "quoteId", "agentId", "paymentRail",
      "railSelectionMode", "expectedSettlementAt", "reference", "description", "remittanceInformation", "purposeOfPayment", "failureReason", "pendingReason",
      "refund", "rateDetails", "paymentInstructions", "counterpartyInformation", "receiptDeliveryConfirmedAt", "settledAt", "createdAt", "updatedAt")
    VALUES (${row.id}::uuid, ${row.platformId}::uuid, ${row.type}::"TransactionType", ${row.status}::"TransactionStatus", ${row.origin}::text,
      ${row.customerId}::uuid, ${row.platformCustomerId}::text, ${row.sourceAccountId}::uuid, ${row.destinationAccountId}::uuid,
      ${jsonb(row.source)}::jsonb, ${jsonb(row.destination)}::jsonb, ${jsonb(row.sourceSnapshot)}::jsonb, ${jsonb(row.destinationSnapshot)}::jsonb,
      ${jsonb(row.sourceRailDetails)}::jsonb, ${jsonb(row.destinationRailDetails)}::jsonb, ${row.senderIdentifiers}::text[], ${row.receiverIdentifiers}::text[],
      ${row.sentAmount}::bigint, ${row.sentCurrency}::text, ${row.receivedAmount}::bigint, ${row.receivedCurrency}::text, ${row.fees}::bigint, ${row.platformFees}::bigint,
      ${row.exchangeRate?.toString() ?? null}::numeric, ${row.quoteId}::uuid, ${row.agentId}::uuid, ${row.paymentRail}::text, ${row.railSelectionMode}::text,
      ${row.expectedSettlementAt}::timestamptz, ${row.reference}::text, ${row.description}::text, ${row.remittanceInformation}::text, ${row.purposeOfPayment}::text,
      ${row.failureReason}::text, ${row.pendingReason}::text, ${jsonb(row.refund)}::jsonb, ${jsonb(row.rateDetails)}::jsonb, ${jsonb(row.paymentInstructions)}::jsonb,
      ${jsonb(row.counterpartyInformation)}::jsonb,
      ${row.receiptDeliveryConfirmedAt}::timestamptz, ${row.settledAt}::timestamptz, ${row.createdAt}::timestamptz, ${row.updatedAt}::timestamptz)
  )`;
}
