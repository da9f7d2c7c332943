import type { Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
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
  /** Overrides the default event of the initial status; null sends none. */
  eventType?: string | null;
  /** Extra top-level fields for the event's `data` only (e.g. requestedReceiverCustomerInfoFields). */
  eventExtra?: Record<string, unknown>;
  note?: string;
  /**
   * A status the transaction passed through at the same moment, before `status` (a payout created
   * PENDING that goes PROCESSING at once): recorded first in its history, with its own event
   * carrying the transaction as it was then, in the same statement (one round trip less than
   * recordTransactionStatus afterwards).
   */
  passedThrough?: Pick<CreateTransactionInput, "status" | "sourceRailDetails" | "destinationRailDetails">;
};

/**
 * Writes a new payment transaction at its first status, with the first history step and that
 * status's webhook event, in the caller's transaction. For transfers, quotes and deposits; money
 * moves separately through the ledger in the same transaction. BEHAVIORS.md §3.
 * Throws: nothing expected (a reference collision is a unique violation, vanishingly rare).
 */
export async function createTransaction(tx: DbOrTx, input: CreateTransactionInput): Promise<{ row: TransactionRow; transaction: Transaction }> {
  const { eventType, eventExtra, note, id, passedThrough, ...fields } = input;
  const at = await now(tx, input.platformId);
  const row = await tx.transaction.create({
    data: { ...fields, id: id ?? uuidv7(at.getTime()), reference: newTransactionReference(), createdAt: at, updatedAt: at },
  });
  const transaction = serializeTransaction(row);
  // Both steps are given sequence 0: writeStatusSteps adds each step's position.
  const steps: StatusStep[] = [];
  if (passedThrough) {
    const then: TransactionRow = {
      ...row,
      status: passedThrough.status,
      failureReason: null,
      ...(passedThrough.sourceRailDetails !== undefined && { sourceRailDetails: passedThrough.sourceRailDetails as TransactionRow["sourceRailDetails"] }),
      ...(passedThrough.destinationRailDetails !== undefined && { destinationRailDetails: passedThrough.destinationRailDetails as TransactionRow["destinationRailDetails"] }),
    };
    steps.push({ status: then.status, eventType: statusEventType(row.type, then.status), sequence: 0, data: serializeTransaction(then) });
  }
  steps.push({ status: row.status, failureReason: row.failureReason, eventType: eventType === undefined ? statusEventType(row.type, row.status) : eventType, note, sequence: 0 });
  const volumeChange = dailyVolumeChange(row, null);
  await writeStatusSteps(tx, row, transaction, steps, eventExtra, volumeChange ? [volumeChange] : []);
  return { row, transaction };
}
