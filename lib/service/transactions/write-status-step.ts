import { Prisma, type TransactionStatus } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { outboxRows, prepareEvent } from "../jobs/enqueue-event";
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
 * transaction as it now stands, in the caller's transaction (SPEC.md § Events: outbox), as one
 * statement: payments write several steps each, so round trips count. Internal to the
 * transactions area: createTransaction and recordTransactionStatus call it.
 */
export async function writeStatusStep(
  tx: DbOrTx,
  row: TransactionRow,
  data: Transaction,
  step: StatusStep,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const event = step.eventType === null ? null : await prepareEvent(tx, { platformId: row.platformId, type: step.eventType, data: { ...data, ...extra } });
  const sequence =
    step.sequence !== undefined
      ? Prisma.sql`${step.sequence}::int`
      : Prisma.sql`(SELECT count(*)::int FROM "TransactionStatusChange" WHERE "platformId" = ${row.platformId}::uuid AND "transactionId" = ${row.id}::uuid)`;
  const insert = Prisma.sql`
    INSERT INTO "TransactionStatusChange" ("id", "platformId", "transactionId", "sequence", "status", "failureReason", "refundStatus", "eventType", "webhookEventId", "note", "createdAt")
    VALUES (${uuidv7(row.updatedAt.getTime())}::uuid, ${row.platformId}::uuid, ${row.id}::uuid, ${sequence}, ${step.status}::"TransactionStatus",
      ${step.failureReason ?? null}::text, ${step.refundStatus ?? null}::text, ${step.eventType}::text, ${event?.id ?? null}::uuid, ${step.note ?? null}::text, ${row.updatedAt}::timestamptz)`;
  await tx.$executeRaw(event ? Prisma.sql`WITH ${outboxRows(event)} ${insert}` : insert);
}
