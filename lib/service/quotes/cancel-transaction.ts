import type { Db, SqlTx } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { RailDetails, Refund, Transaction } from "../transactions/schemas";
import { serializeTransaction, type TransactionRow } from "../transactions/serialize-transaction";
import { TRANSFER_IN } from "../transfers/create-transfer-in";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { QUOTE_ORIGIN } from "./create-quote";
import { quoteStatusChange } from "./set-quote-status";
import { startQuoteRefund } from "./start-quote-refund";

/** Rails whose unsettled payments the bank partner can still stop (BEHAVIORS.md §3.6). */
const CANCELLABLE_RAILS = new Set(["ACH", "ACH_SAME_DAY", "WIRE"]);
/** A pull's rail entry not yet settled: the bank partner can still stop it. */
const UNSETTLED_RAIL_STATUSES = new Set(["PENDING", "PROCESSING"]);

/**
 * POST /transactions/{transactionId}/cancel (BEHAVIORS.md §3.2, §3.4, §3.6): forwards the cancel to
 * the bank partner for an unsettled ACH/wire push or ACH pull.
 * - An OUTGOING payment still PROCESSING and not settled on ACH, ACH_SAME_DAY or WIRE: a
 *   USER_CANCELLATION refund starts (REFUND_PENDING, then REFUND_COMPLETED with the amount back 2 s
 *   later, after which the payment reads COMPLETED as for suffix 006, 10.6) and its pending
 *   delivery does nothing.
 * - A pull from a bank account (POST /transfer-in, an executed quote with a pull source) whose
 *   entry has not settled: it credited nothing, so there is nothing to refund; the payment fails
 *   (cancelPull) and its pending 30-s failure does nothing.
 * Throws: TRANSACTION_NOT_FOUND; INVALID_INPUT (neither an ACH/wire payout nor a pull);
 * TRANSACTION_NOT_CANCELLABLE (settled, already failed or refunding, or a quote not executed).
 */
export async function cancelTransaction(db: Db, input: { platformId: string; transactionId: string; reason?: string }): Promise<Transaction> {
  const { platformId } = input;
  const id = parseId("Transaction", input.transactionId);
  if (!id) throw new ServiceError("TRANSACTION_NOT_FOUND", notFoundMessage("Transaction", input.transactionId));
  return db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, { platformId, transactionId: id });
    const pullRail = pullRailDetails(row);
    const isPayout = row.type === "OUTGOING" && row.paymentRail !== null && CANCELLABLE_RAILS.has(row.paymentRail);
    if (!isPayout && pullRail === null)
      throw invalidInput(
        [{ field: "transactionId", message: "is neither an outgoing ACH, ACH_SAME_DAY or WIRE payment nor an ACH pull", constraint: { type: "OUTGOING", paymentRail: [...CANCELLABLE_RAILS] } }],
        `Only outgoing ACH, ACH_SAME_DAY and WIRE payments and pulls from bank accounts can be cancelled; ${input.transactionId} is ${row.type}${row.paymentRail ? ` over ${row.paymentRail}` : " without an external rail"}`,
      );
    // A pull still waiting on the bank is stopped before anything was credited; checked first, as
    // a pull quote paying out over ACH is PENDING (not PROCESSING) while its pull waits.
    if (pullRail !== null && UNSETTLED_RAIL_STATUSES.has(pullRail.status) && (row.status === "PENDING" || row.status === "PROCESSING")) {
      if (row.origin === QUOTE_ORIGIN && !(await isQuoteExecuted(tx, row)))
        throw notCancellable(input.transactionId, row, "its quote was not executed, so nothing was sent to the bank (an unexecuted quote simply expires)");
      return serializeTransaction(await cancelPull(tx, row, input.reason));
    }
    const refund = row.refund as Refund | null;
    if (refund?.reason === "USER_CANCELLATION") throw alreadyCancelled(input.transactionId, row, refund);
    if (!isPayout || row.status !== "PROCESSING" || row.settledAt !== null || refund !== null)
      throw notCancellable(input.transactionId, row, `${refund !== null ? `a refund is ${refund.status === "PENDING" ? "under way" : refund.status} (refund.reason ${refund.reason ?? "TRANSACTION_FAILED"}); ` : ""}only a payment still PROCESSING and not settled can be cancelled`);
    const cancelled = await startQuoteRefund(tx, row, { reason: "USER_CANCELLATION", then: "COMPLETE", note: `Cancelled${input.reason ? `: ${input.reason}` : ""}` });
    return serializeTransaction(cancelled);
  }, TRANSFER_TX_OPTIONS);
}

/** The source's railDetails when the transaction pulls from a bank account over a cancellable rail; null otherwise (ACH deposits are pushed by others). */
function pullRailDetails(row: TransactionRow): RailDetails | null {
  const rail = row.sourceRailDetails as RailDetails | null;
  if (rail === null || !CANCELLABLE_RAILS.has(rail.paymentRail)) return null;
  return row.origin === TRANSFER_IN || row.origin === QUOTE_ORIGIN ? rail : null;
}

async function isQuoteExecuted(tx: SqlTx, row: TransactionRow): Promise<boolean> {
  const [quote] = await tx.$queryRaw<{ executedAt: Date | null }[]>`
    SELECT "executedAt" FROM "Quote" WHERE "platformId" = ${row.platformId}::uuid AND "transactionId" = ${row.id}::uuid`;
  return quote?.executedAt != null;
}

/**
 * Stops an unsettled pull: nothing was credited or debited (a pull is credited only once it
 * settles), so no ledger entry and no refund; the payment goes FAILED QUOTE_EXECUTION_FAILED with
 * its railDetails FAILED and INCOMING_PAYMENT.FAILED / OUTGOING_PAYMENT.FAILED, and a pull quote
 * fails with it, as when the sandbox pull fails by itself (BEHAVIORS.md §3.3, §4.2).
 */
async function cancelPull(tx: SqlTx, row: TransactionRow, reason: string | undefined): Promise<TransactionRow> {
  const at = await now(tx, row.platformId);
  const isQuote = row.origin === QUOTE_ORIGIN;
  const { row: failed } = await recordTransactionStatus(tx, row, {
    status: "FAILED",
    failureReason: "QUOTE_EXECUTION_FAILED",
    sourceRailDetails: withRailStatus(row.sourceRailDetails, "FAILED"),
    ...(isQuote && { destinationRailDetails: withRailStatus(row.destinationRailDetails, "FAILED"), alsoWrite: async () => quoteStatusChange(row, "FAILED", at) }),
    note: `Cancelled${reason ? `: ${reason}` : ""}; the pull was stopped before it settled, nothing was pulled`,
  });
  return failed;
}

/**
 * A cancel of a payment already cancelled (a client retrying one whose answer it lost): still 409,
 * as the spec has no repeat-is-success rule, but saying so rather than that it "is PROCESSING".
 */
function alreadyCancelled(transactionId: string, row: TransactionRow, refund: Refund): ServiceError {
  const progress = refund.status === "PENDING" ? "its refund is under way" : refund.status === "COMPLETED" ? "its refund has completed" : "its refund failed";
  return new ServiceError(
    "TRANSACTION_NOT_CANCELLABLE",
    `Transaction ${transactionId} was already cancelled: ${progress} (refund.status ${refund.status}, refund.reason USER_CANCELLATION); there is nothing more to cancel. Follow the refund with GET /transactions/${transactionId}; a cancel retried with the same Idempotency-Key replays the first answer.`,
    { details: { transactionId, status: row.status, refundStatus: refund.status } },
  );
}

function notCancellable(transactionId: string, row: TransactionRow, why: string): ServiceError {
  return new ServiceError("TRANSACTION_NOT_CANCELLABLE", `Transaction ${transactionId} is ${row.status}: ${why}`, { details: { transactionId, status: row.status } });
}
