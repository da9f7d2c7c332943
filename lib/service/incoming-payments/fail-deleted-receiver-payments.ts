import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { UMA_RECEIVE } from "./is-awaiting-approval";

/** failureReason of an incoming payment whose receiver was deleted before it was approved (SPEC.md's "later additions"). */
export const DELETED_RECEIVER_FAILURE = "ACCOUNT_CANNOT_RECEIVE";

/**
 * In DELETE /customers/{id}'s transaction, after the customer's row (its UPDATE locks it first,
 * lockCustomer's order): every incoming payment to the customer still awaiting the platform's
 * approval (isAwaitingApproval) ends FAILED ACCOUNT_CANNOT_RECEIVE with INCOMING_PAYMENT.FAILED,
 * nothing credited, since a deleted customer's accounts take no payment (BEHAVIORS.md §1.2). An
 * approval answer, approve, reject or timeout arriving later finds it no longer awaiting (approve
 * and reject: 409). Those share-lock the customer first (lockReceiver) or lock only the payment,
 * so the delete runs wholly before or after them. Throws: nothing expected.
 */
export async function failPaymentsAwaitingDeletedReceiver(tx: SqlTx, input: { platformId: string; customerId: string }): Promise<void> {
  // isAwaitingApproval's condition, locked in id order.
  const awaiting = await tx.$queryRaw<TransactionRow[]>`
    SELECT ${columnsOf(Prisma.TransactionScalarFieldEnum)} FROM "Transaction"
    WHERE "platformId" = ${input.platformId}::uuid AND "customerId" = ${input.customerId}::uuid
      AND "type" = 'INCOMING' AND "origin" = ${UMA_RECEIVE} AND "status" = 'PENDING' AND "pendingReason" IS NULL
    ORDER BY "id" FOR UPDATE`;
  for (const row of awaiting)
    await recordTransactionStatus(tx, row, { status: "FAILED", failureReason: DELETED_RECEIVER_FAILURE, note: "The receiving customer was deleted while the payment awaited the platform's approval" });
}
