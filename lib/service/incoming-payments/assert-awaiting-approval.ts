import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { EXPIRE_APPROVAL_JOB } from "./expire-approval";
import { isAwaitingApproval } from "./is-awaiting-approval";

/**
 * For approve and reject (the row locked): the payment awaits the platform and its window is still
 * open. A window whose timeout is due but not yet run (the worker lags, or claimed it and has not
 * run it yet) counts as closed, so a late decision never beats the timeout (BEHAVIORS.md §3.7).
 * Throws: TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL naming why.
 */
export async function assertAwaitingApproval(db: DbOrTx, row: TransactionRow): Promise<void> {
  const why = isAwaitingApproval(row) ? await closedWindow(db, row) : notAwaiting(row);
  if (why === null) return;
  const id = formatId("Transaction", row.id);
  throw new ServiceError("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", `Transaction ${id} is not awaiting the platform's approval: ${why}`, {
    details: { transactionId: id, status: row.status, ...(row.failureReason && { failureReason: row.failureReason }) },
  });
}

function notAwaiting(row: TransactionRow): string {
  if (row.type !== "INCOMING" || row.origin !== "UMA_RECEIVE") return "it is not an incoming payment that asks for approval";
  if (row.status === "PENDING") return `it is held for ${row.pendingReason}, not waiting on the platform`;
  return `it is ${row.status}${row.failureReason ? ` (failureReason ${row.failureReason})` : ""}`;
}

async function closedWindow(db: DbOrTx, row: TransactionRow): Promise<string | null> {
  const at = await now(db, row.platformId);
  const overdue = await db.job.findFirst({
    // RUNNING too: a worker that claimed the timeout may run it much later (it runs 8 jobs at a time), and a decision taking the lock first would win.
    where: { platformId: row.platformId, kind: EXPIRE_APPROVAL_JOB, status: { in: ["PENDING", "RUNNING"] }, runAt: { lte: at }, payload: { path: ["transactionId"], equals: row.id } },
    select: { id: true },
  });
  return overdue ? "its approval window has closed" : null;
}
