import type { Db } from "../db";
import type { JobContext } from "../jobs/handlers";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { lockQuote } from "./get-quote";

export const EXPIRE_QUOTE_JOB = "quotes.expire";

/**
 * Timed step at a quote's expiresAt (BEHAVIORS.md §2.5, §2.6): a quote still PENDING (or awaiting
 * authorization of a realtime quote) and its transaction become EXPIRED, with OUTGOING_PAYMENT.EXPIRED.
 * An executed quote (also one waiting on its SCA challenge) is left alone. Throws: QUOTE_NOT_FOUND, TRANSACTION_NOT_FOUND.
 */
export async function expireQuote(db: Db, input: { platformId: string; quoteId: string }): Promise<void> {
  const { platformId } = input;
  await db.$transaction(async (tx) => {
    const quote = await lockQuote(tx, platformId, input.quoteId, { allowBare: true });
    if (quote.status !== "PENDING" && quote.status !== "PENDING_AUTHORIZATION") return;
    // Executed and waiting on its SCA challenge: the challenge's own expiry decides (quote-authorization.ts).
    if (quote.status === "PENDING_AUTHORIZATION" && quote.sourceType === "ACCOUNT") return;
    const at = await now(tx, platformId);
    if (at < quote.expiresAt) return;
    const row = await lockTransaction(tx, { platformId, transactionId: quote.transactionId });
    await tx.quote.update({ where: { id: quote.id }, data: { status: "EXPIRED", updatedAt: at } });
    if (row.status === "PENDING" || row.status === "PENDING_AUTHORIZATION") await recordTransactionStatus(tx, row, { status: "EXPIRED", note: "Quote expired before it was executed" });
  }, TRANSFER_TX_OPTIONS);
}

export const runExpireQuote = ({ db, platformId, payload }: JobContext) => expireQuote(db, { platformId, quoteId: (payload as { quoteId: string }).quoteId });
