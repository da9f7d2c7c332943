import type { TransactionStatus } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { parseId, uuidv7 } from "../http/ids";
import { enqueueEvent } from "../jobs/enqueue-event";
import type { Transaction } from "./schemas";
import type { TransactionRow } from "./serialize-transaction";

export interface StatusStep {
  status: TransactionStatus;
  failureReason?: string | null;
  refundStatus?: "PENDING" | "COMPLETED" | "FAILED";
  eventType: string | null;
  note?: string;
  /** Position in the history; counted when omitted (the caller holds the transaction's lock). */
  sequence?: number;
}

/**
 * Appends one step to a transaction's history and writes its webhook event (if any) with the
 * transaction as it now stands, in the caller's transaction (SPEC.md § Events: outbox). Internal to
 * the transactions area: createTransaction and recordTransactionStatus call it.
 */
export async function writeStatusStep(
  tx: DbOrTx,
  row: TransactionRow,
  data: Transaction,
  step: StatusStep,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const sequence = step.sequence ?? (await tx.transactionStatusChange.count({ where: { platformId: row.platformId, transactionId: row.id } }));
  const webhookId = step.eventType === null ? null : await enqueueEvent(tx, { platformId: row.platformId, type: step.eventType, data: { ...data, ...extra } });
  await tx.transactionStatusChange.create({
    data: {
      id: uuidv7(row.updatedAt.getTime()),
      platformId: row.platformId,
      transactionId: row.id,
      sequence,
      status: step.status,
      failureReason: step.failureReason ?? null,
      refundStatus: step.refundStatus ?? null,
      eventType: step.eventType,
      webhookEventId: webhookId === null ? null : parseId("Webhook", webhookId),
      note: step.note ?? null,
      createdAt: row.updatedAt,
    },
  });
}
