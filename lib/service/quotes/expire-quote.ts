import { Prisma } from "@/lib/generated/prisma/client";
import { failActionsOfExpiredQuote } from "../agents/fail-actions-of-expired-quote";
import type { Db, Tx } from "../db";
import type { JobContext } from "../jobs/handlers";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { lockQuote } from "./get-quote";
import type { QuoteRow } from "./serialize-quote";

export const EXPIRE_QUOTE_JOB = "quotes.expire";

/**
 * Timed step at a quote's expiresAt (BEHAVIORS.md §2.5, §2.6 "PENDING, PENDING_AUTHORIZATION |
 * expiresAt | EXPIRED"): a quote still PENDING, or still waiting on its SCA challenge (realtime, or
 * executed and not yet authorized: nothing was debited), is over; see expireUnrunQuote. A quote that
 * ran is left alone. Throws: QUOTE_NOT_FOUND, TRANSACTION_NOT_FOUND.
 */
export async function expireQuote(db: Db, input: { platformId: string; quoteId: string }): Promise<void> {
  const { platformId } = input;
  await db.$transaction(async (tx) => {
    const quote = await lockQuote(tx, platformId, input.quoteId, { allowBare: true });
    if (quote.status !== "PENDING" && quote.status !== "PENDING_AUTHORIZATION") return;
    const at = await now(tx, platformId);
    if (at < quote.expiresAt) return;
    await expireUnrunQuote(tx, quote, at);
  }, TRANSFER_TX_OPTIONS);
}

/**
 * Ends a quote that never ran, at its expiresAt: the quote EXPIRED (its open SCA challenge EXPIRED
 * too, `scaChallenge` cleared; a realtime one's withheld paymentInstructions dropped) and its
 * transaction, PENDING or PENDING_AUTHORIZATION, EXPIRED with OUTGOING_PAYMENT.EXPIRED; an agent's
 * execution of it still waiting for approval ends FAILED (failActionsOfExpiredQuote). In the
 * caller's transaction, the quote locked and still PENDING or PENDING_AUTHORIZATION.
 * Throws: TRANSACTION_NOT_FOUND.
 */
export async function expireUnrunQuote(tx: Tx, quote: QuoteRow, at: Date): Promise<void> {
  const { platformId } = quote;
  const row = await lockTransaction(tx, { platformId, transactionId: quote.transactionId });
  if (quote.status === "PENDING_AUTHORIZATION") await tx.scaChallenge.updateMany({ where: { platformId, subjectId: quote.id, status: "PENDING" }, data: { status: "EXPIRED", updatedAt: at } });
  // A realtime quote never authorized never showed where to send (serializeQuote withheld them), and
  // it will never run: its instructions go, as its transaction never had them (authorizeQuote adds them).
  const isWithheld = quote.status === "PENDING_AUTHORIZATION" && quote.sourceType === "REALTIME_FUNDING";
  await tx.quote.update({ where: { id: quote.id }, data: { status: "EXPIRED", scaChallenge: Prisma.DbNull, ...(isWithheld && { paymentInstructions: Prisma.DbNull }), updatedAt: at } });
  await failActionsOfExpiredQuote(tx, { platformId, quoteId: quote.id, expiresAt: quote.expiresAt, at });
  if (row.status === "PENDING" || row.status === "PENDING_AUTHORIZATION")
    await recordTransactionStatus(tx, row, { status: "EXPIRED", note: row.status === "PENDING" ? "Quote expired before it was executed" : "Quote expired before it was authorized (SCA); nothing was debited" });
}

export const runExpireQuote = ({ db, platformId, payload }: JobContext) => expireQuote(db, { platformId, quoteId: (payload as { quoteId: string }).quoteId });
