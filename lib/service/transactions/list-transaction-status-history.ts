import type { DbOrTx } from "../db";
import { findCardTransactionEvents, type CardTransactionEvent } from "../cards/find-card-transaction-events";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { getTransactionOrThrow } from "./get-transaction-or-throw";
import type { TransactionStatusChange } from "./schemas";

type StatusHistory = { transactionId: string; data: TransactionStatusChange[] };

/**
 * GET /transactions/{transactionId}/status-history (extension, for the dashboard timeline): every
 * status and refund step the transaction went through, oldest first, with the webhook event each
 * step wrote. A card transaction (`CardTransaction:<uuid>`, answered by GET /transactions/{id}
 * too) has no step table: its steps are the CARD_TRANSACTION.* events it wrote.
 * Throws: TRANSACTION_NOT_FOUND.
 */
export async function listTransactionStatusHistory(db: DbOrTx, platformId: string, transactionId: string): Promise<StatusHistory> {
  if (transactionId.startsWith("CardTransaction:")) return cardTransactionStatusHistory(db, platformId, transactionId);
  const transaction = await getTransactionOrThrow(db, platformId, transactionId);
  const steps = await db.transactionStatusChange.findMany({
    where: { platformId, transactionId: transaction.id },
    orderBy: { sequence: "asc" },
  });
  return {
    transactionId: formatId("Transaction", transaction.id),
    data: steps.map((step) => ({
      status: step.status,
      ...(step.failureReason !== null && { failureReason: step.failureReason }),
      ...(step.refundStatus !== null && { refundStatus: step.refundStatus as TransactionStatusChange["refundStatus"] }),
      ...(step.eventType !== null && { eventType: step.eventType }),
      ...(step.webhookEventId !== null && { webhookEventId: formatId("Webhook", step.webhookEventId) }),
      ...(step.note !== null && { note: step.note }),
      createdAt: step.createdAt.toISOString(),
    })),
  };
}

async function cardTransactionStatusHistory(db: DbOrTx, platformId: string, transactionId: string): Promise<StatusHistory> {
  const found = await findCardTransactionEvents(db, platformId, transactionId);
  if (!found) throw new ServiceError("TRANSACTION_NOT_FOUND", `Transaction ${transactionId} not found`);
  return { transactionId: found.cardTransactionId, data: found.events.map(cardStep) };
}

/** A card step: the status the event carried, its decline reason as failureReason, and its amounts (a return re-fires SETTLED with new ones). */
function cardStep({ id, type, createdAt, data }: CardTransactionEvent): TransactionStatusChange {
  return {
    status: data.status,
    ...(data.cardDeclinedReason !== null && { failureReason: data.cardDeclinedReason }),
    eventType: type,
    webhookEventId: formatId("Webhook", id),
    note: `authorized ${data.authorizedAmount.amount}, settled ${data.settledAmount.amount}, refunded ${data.refundedAmount.amount} (${data.authorizedAmount.currency.code}, smallest unit)`,
    createdAt: createdAt.toISOString(),
  };
}
