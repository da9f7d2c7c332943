import { Prisma, type TransactionStatus } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { runOrDefer } from "@/lib/db/sql";
import { uuidv7 } from "../http/ids";
import { outboxRows, prepareEvent, type OutboxEvent } from "../jobs/enqueue-event";
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
  /** The transaction as this step's event carries it, when not as it stands after the whole change. */
  data?: Transaction;
}

/**
 * Appends steps to a transaction's history, each with its webhook event (if any) carrying the
 * transaction as it now stands, in the caller's transaction (SPEC.md § Events: outbox), as ONE
 * statement together with `before` (data-modifying CTEs such as the row's own UPDATE) and `after`
 * (prepared last, so an event in it sorts after the steps' events): payments write several steps
 * each, so round trips count. Internal to the transactions area: createTransaction and
 * recordTransactionStatus call it.
 */
export async function writeStatusSteps(
  tx: SqlTx,
  row: TransactionRow,
  data: Transaction,
  steps: StatusStep[],
  extra: Record<string, unknown> = {},
  before: Prisma.Sql[] = [],
  after?: () => Promise<Prisma.Sql>,
): Promise<void> {
  const ctes = [...before];
  const events: OutboxEvent[] = [];
  for (const [i, step] of steps.entries()) {
    const event = step.eventType === null ? null : await prepareEvent(tx, { platformId: row.platformId, type: step.eventType, data: { ...(step.data ?? data), ...extra } });
    if (event) events.push(event);
    // Every CTE sees the history as it was before the statement, hence "+ i" for the second step.
    const sequence =
      step.sequence !== undefined
        ? Prisma.sql`${step.sequence + i}::int`
        : Prisma.sql`(SELECT count(*)::int + ${i}::int FROM "TransactionStatusChange" WHERE "platformId" = ${row.platformId}::uuid AND "transactionId" = ${row.id}::uuid)`;
    ctes.push(Prisma.sql`${Prisma.raw(`"step${i}_change"`)} AS (
      INSERT INTO "TransactionStatusChange" ("id", "platformId", "transactionId", "sequence", "status", "failureReason", "refundStatus", "eventType", "webhookEventId", "note", "createdAt")
      VALUES (${uuidv7(row.updatedAt.getTime())}::uuid, ${row.platformId}::uuid, ${row.id}::uuid, ${sequence}, ${step.status}::"TransactionStatus",
        ${step.failureReason ?? null}::text, ${step.refundStatus ?? null}::text, ${step.eventType}::text, ${event?.id ?? null}::uuid, ${step.note ?? null}::text, ${row.updatedAt}::timestamptz)
    )`);
  }
  // The steps' events in one INSERT, so they are numbered in the order of the steps (outboxRows).
  if (events.length > 0) ctes.push(outboxRows(events, "steps"));
  if (after) ctes.push(await after());
  // Nothing reads its answer, so on a pg connection it goes out with the transaction's next statement or its COMMIT.
  if (ctes.length > 0) await runOrDefer(tx, Prisma.sql`WITH ${Prisma.join(ctes, ", ")} SELECT 1`);
}
