import type { Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { statusEventType } from "./transaction-event-type";
import { newTransactionReference } from "./transaction-reference";
import { serializeTransaction, type TransactionRow } from "./serialize-transaction";
import type { Transaction } from "./schemas";
import { writeStatusSteps } from "./write-status-step";

export type CreateTransactionInput = Omit<Prisma.TransactionUncheckedCreateInput, "id" | "reference" | "createdAt" | "updatedAt" | "statusChanges"> & {
  /** A uuid made beforehand (e.g. to name the transaction on a hold); a new UUIDv7 otherwise. */
  id?: string;
  /** Overrides the default event of the initial status; null sends none. */
  eventType?: string | null;
  /** Extra top-level fields for the event's `data` only (e.g. requestedReceiverCustomerInfoFields). */
  eventExtra?: Record<string, unknown>;
  note?: string;
};

/**
 * Writes a new payment transaction at its first status, with the first history step and that
 * status's webhook event, in the caller's transaction. For transfers, quotes and deposits; money
 * moves separately through the ledger in the same transaction. BEHAVIORS.md §3.
 * Throws: nothing expected (a reference collision is a unique violation, vanishingly rare).
 */
export async function createTransaction(tx: DbOrTx, input: CreateTransactionInput): Promise<{ row: TransactionRow; transaction: Transaction }> {
  const { eventType, eventExtra, note, id, ...fields } = input;
  const at = await now(tx, input.platformId);
  const row = await tx.transaction.create({
    data: { ...fields, id: id ?? uuidv7(at.getTime()), reference: newTransactionReference(), createdAt: at, updatedAt: at },
  });
  const transaction = serializeTransaction(row);
  await writeStatusSteps(
    tx,
    row,
    transaction,
    [{ status: row.status, failureReason: row.failureReason, eventType: eventType === undefined ? statusEventType(row.type, row.status) : eventType, note, sequence: 0 }],
    eventExtra,
  );
  return { row, transaction };
}
