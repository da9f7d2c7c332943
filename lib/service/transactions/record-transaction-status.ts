import { Prisma, type TransactionStatus } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { now } from "../sandbox/clock";
import { dailyVolumeChange } from "./daily-volume";
import type { RailDetails, Refund, Transaction } from "./schemas";
import { serializeTransaction, type TransactionRow } from "./serialize-transaction";
import { refundEventType, statusEventType } from "./transaction-event-type";
import { writeStatusSteps, type StatusStep } from "./write-status-step";

export interface RecordTransactionStatusInput {
  /** The new status; omitted when only the refund (or railDetails) moves. */
  status?: TransactionStatus;
  /** Kept only while FAILED; cleared when the status moves elsewhere. */
  failureReason?: string | null;
  refund?: Refund | null;
  settledAt?: Date | null;
  /** When the payout is now expected to settle (a quote's, once executed: expectedSettlementAt in rail-details.ts). */
  expectedSettlementAt?: Date | null;
  sourceRailDetails?: RailDetails | null;
  destinationRailDetails?: RailDetails | null;
  /** Overrides the status step's event; null sends none. A refund step always sends its own. */
  eventType?: string | null;
  /** Extra top-level fields for the events' `data` only. */
  eventExtra?: Record<string, unknown>;
  note?: string;
  /** An event-only step recorded first, carrying the transaction as it was before this change (a quote's .PENDING right before .PROCESSING). */
  eventBefore?: { eventType: string; note?: string };
  /** More rows for the same statement, prepared after the steps (e.g. internalAccountEventRows for the balance event). */
  alsoWrite?: () => Promise<Prisma.Sql>;
}

const jsonb = (value: unknown) => Prisma.sql`${value === null ? null : JSON.stringify(value)}::jsonb`;

/**
 * Moves a transaction (already locked by the caller with lockTransaction) and records each step:
 * a status change writes a history row and OUTGOING_PAYMENT.<STATUS> / INCOMING_PAYMENT.<…>; a
 * refund status change writes another with <…>_PAYMENT.REFUND_<STATUS>, in that order, all in the
 * caller's transaction, each event carrying the transaction after the whole change (BEHAVIORS.md
 * §3.2–§3.4, §7.3). The row, its history and its events are written as one statement; the row
 * after the change is computed here (the lock means nobody else changed it). For transfers,
 * quotes and any area that moves a payment.
 * Throws: nothing expected.
 */
export async function recordTransactionStatus(
  tx: SqlTx,
  current: TransactionRow,
  input: RecordTransactionStatusInput,
): Promise<{ row: TransactionRow; transaction: Transaction }> {
  const at = await now(tx, current.platformId);
  const status = input.status ?? current.status;
  const isStatusStep = (input.status !== undefined && input.status !== current.status) || input.eventType !== undefined;
  const previousRefund = current.refund as Refund | null;
  const isRefundStep = input.refund !== undefined && input.refund !== null && input.refund.status !== previousRefund?.status;

  const failureReason = status === "FAILED" ? (input.failureReason !== undefined ? input.failureReason : current.failureReason) : null;
  const row: TransactionRow = {
    ...current,
    status,
    failureReason,
    ...(input.refund !== undefined && { refund: input.refund as TransactionRow["refund"] }),
    ...(input.settledAt !== undefined && { settledAt: input.settledAt }),
    ...(input.expectedSettlementAt !== undefined && { expectedSettlementAt: input.expectedSettlementAt }),
    ...(input.sourceRailDetails !== undefined && { sourceRailDetails: input.sourceRailDetails as TransactionRow["sourceRailDetails"] }),
    ...(input.destinationRailDetails !== undefined && { destinationRailDetails: input.destinationRailDetails as TransactionRow["destinationRailDetails"] }),
    updatedAt: at > current.updatedAt ? at : current.updatedAt,
  };
  const set = [
    Prisma.sql`"status" = ${status}::"TransactionStatus"`,
    Prisma.sql`"failureReason" = ${failureReason}::text`,
    Prisma.sql`"updatedAt" = ${row.updatedAt}::timestamptz`,
    ...(input.refund !== undefined ? [Prisma.sql`"refund" = ${jsonb(input.refund)}`] : []),
    ...(input.settledAt !== undefined ? [Prisma.sql`"settledAt" = ${input.settledAt}::timestamptz`] : []),
    ...(input.expectedSettlementAt !== undefined ? [Prisma.sql`"expectedSettlementAt" = ${input.expectedSettlementAt}::timestamptz`] : []),
    ...(input.sourceRailDetails !== undefined ? [Prisma.sql`"sourceRailDetails" = ${jsonb(input.sourceRailDetails)}`] : []),
    ...(input.destinationRailDetails !== undefined ? [Prisma.sql`"destinationRailDetails" = ${jsonb(input.destinationRailDetails)}`] : []),
  ];
  const update = Prisma.sql`"moved" AS (UPDATE "Transaction" SET ${Prisma.join(set, ", ")} WHERE "id" = ${current.id}::uuid AND "platformId" = ${current.platformId}::uuid)`;

  const transaction = serializeTransaction(row);
  const steps: StatusStep[] = [];
  if (input.eventBefore) {
    const before = serializeTransaction({ ...current, updatedAt: row.updatedAt });
    steps.push({ status: current.status, failureReason: current.failureReason, eventType: input.eventBefore.eventType, note: input.eventBefore.note, data: before });
  }
  if (isStatusStep)
    steps.push({ status, failureReason, eventType: input.eventType !== undefined ? input.eventType : statusEventType(row.type, status), note: input.note });
  if (isRefundStep) {
    const refundStatus = input.refund!.status;
    steps.push({ status, failureReason, refundStatus, eventType: refundEventType(row.type, refundStatus), note: isStatusStep ? undefined : input.note });
  }
  const volumeChange = dailyVolumeChange(row, current.status);
  await writeStatusSteps(tx, row, transaction, steps, input.eventExtra, volumeChange ? [update, volumeChange] : [update], input.alsoWrite);
  return { row, transaction };
}
