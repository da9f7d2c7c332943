import type { Db } from "../db";
import type { JobContext } from "../jobs/handlers";
import { lockTransaction } from "../transactions/lock-transaction";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { settleQuote } from "./settle-quote";

/** Timed step (handler in lib/service/jobs/handlers.ts). */
export const COMPLETE_QUOTE_JOB = "quotes.complete";

/**
 * Timed step of a quote that completes late (003 after about 6 minutes, UMA pending.long after
 * hours): delivers it unless it is no longer PROCESSING or was cancelled meanwhile (a refund exists).
 */
export async function completeQuoteLater(db: Db, input: { platformId: string; transactionId: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, input);
    if (row.status !== "PROCESSING" || row.refund !== null || row.quoteId === null) return;
    const quote = await tx.quote.findFirst({ where: { id: row.quoteId, platformId: input.platformId } });
    if (!quote) return;
    await settleQuote(tx, quote, row);
  }, TRANSFER_TX_OPTIONS);
}

export const runCompleteQuoteLater = ({ db, platformId, payload }: JobContext) => completeQuoteLater(db, { platformId, transactionId: (payload as { transactionId: string }).transactionId });
