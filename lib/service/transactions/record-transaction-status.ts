import { Prisma, type TransactionStatus } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { now } from "../sandbox/clock";
import type { RailDetails, Refund, Transaction } from "./schemas";
import { serializeTransaction, type TransactionRow } from "./serialize-transaction";
import { refundEventType, statusEventType } from "./transaction-event-type";
import { writeStatusStep, type StatusStep } from "./write-status-step";

export interface RecordTransactionStatusInput {
  /** The new status; omitted when only the refund (or railDetails) moves. */
  status?: TransactionStatus;
  /** Kept only while FAILED; cleared when the status moves elsewhere. */
  failureReason?: string | null;
  refund?: Refund | null;
  settledAt?: Date | null;
  sourceRailDetails?: RailDetails | null;
  destinationRailDetails?: RailDetails | null;
  /** Any other columns to change with the step (e.g. fees or exchangeRate set at execution). */
  data?: Prisma.TransactionUncheckedUpdateInput;
  /** Overrides the status step's event; null sends none. A refund step always sends its own. */
  eventType?: string | null;
  /** Extra top-level fields for the events' `data` only. */
  eventExtra?: Record<string, unknown>;
  note?: string;
}

const asJson = (value: unknown) => (value === null ? Prisma.DbNull : (value as Prisma.InputJsonValue));

/**
 * Moves a transaction (already locked by the caller with lockTransaction) and records each step:
 * a status change writes a history row and OUTGOING_PAYMENT.<STATUS> / INCOMING_PAYMENT.<…>; a
 * refund status change writes another with <…>_PAYMENT.REFUND_<STATUS>, in that order, all in the
 * caller's transaction, each event carrying the transaction after the whole change (BEHAVIORS.md
 * §3.2–§3.4, §7.3). For transfers, quotes and any area that moves a payment.
 * Throws: nothing expected.
 */
export async function recordTransactionStatus(
  tx: DbOrTx,
  current: TransactionRow,
  input: RecordTransactionStatusInput,
): Promise<{ row: TransactionRow; transaction: Transaction }> {
  const at = await now(tx, current.platformId);
  const status = input.status ?? current.status;
  const isStatusStep = (input.status !== undefined && input.status !== current.status) || input.eventType !== undefined;
  const previousRefund = current.refund as Refund | null;
  const isRefundStep = input.refund !== undefined && input.refund !== null && input.refund.status !== previousRefund?.status;

  const failureReason = status === "FAILED" ? (input.failureReason !== undefined ? input.failureReason : current.failureReason) : null;
  const row = await tx.transaction.update({
    where: { id: current.id, platformId: current.platformId },
    data: {
      ...input.data,
      status,
      failureReason,
      ...(input.refund !== undefined && { refund: asJson(input.refund) }),
      ...(input.settledAt !== undefined && { settledAt: input.settledAt }),
      ...(input.sourceRailDetails !== undefined && { sourceRailDetails: asJson(input.sourceRailDetails) }),
      ...(input.destinationRailDetails !== undefined && { destinationRailDetails: asJson(input.destinationRailDetails) }),
      updatedAt: at > current.updatedAt ? at : current.updatedAt,
    },
  });
  const transaction = serializeTransaction(row);
  const steps: StatusStep[] = [];
  if (isStatusStep)
    steps.push({ status, failureReason, eventType: input.eventType !== undefined ? input.eventType : statusEventType(row.type, status), note: input.note });
  if (isRefundStep) {
    const refundStatus = input.refund!.status;
    steps.push({ status, failureReason, refundStatus, eventType: refundEventType(row.type, refundStatus), note: isStatusStep ? undefined : input.note });
  }
  for (const step of steps) await writeStatusStep(tx, row, transaction, step, input.eventExtra);
  return { row, transaction };
}
