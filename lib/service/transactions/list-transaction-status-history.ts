import type { DbOrTx } from "../db";
import { formatId } from "../http/ids";
import { getTransactionOrThrow } from "./get-transaction-or-throw";
import type { TransactionStatusChange } from "./schemas";

/**
 * GET /transactions/{transactionId}/status-history (extension, for the dashboard timeline): every
 * status and refund step the transaction went through, oldest first, with the webhook event each
 * step wrote. Throws: TRANSACTION_NOT_FOUND.
 */
export async function listTransactionStatusHistory(db: DbOrTx, platformId: string, transactionId: string): Promise<{ transactionId: string; data: TransactionStatusChange[] }> {
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
