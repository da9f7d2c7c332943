import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { lockTransaction } from "../transactions/lock-transaction";
import type { Transaction } from "../transactions/schemas";
import { serializeTransaction } from "../transactions/serialize-transaction";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { assertQuoteRunnable } from "./execute-quote";
import { lockQuote } from "./get-quote";
import { lockQuotePartiesForArrivedFunds } from "./lock-quote-parties";
import { runQuote } from "./run-quote";
import type { SandboxSendRequest } from "./schemas";
import { startQuoteRefund } from "./start-quote-refund";

/**
 * POST /sandbox/send (SPEC.md "Sandbox endpoints", BEHAVIORS.md §2.1): simulates the payer paying a
 * realtime-funded quote's instructions. The right currency and amount run the quote (PENDING →
 * PROCESSING → the destination's sandbox outcome); another amount fails it with
 * FUNDING_AMOUNT_MISMATCH and sends the money back (refund pair; crypto to the customer's
 * internal account in the asset). When the destination external account, the customer who owns
 * the destination or the paying customer was deleted since the quote was made, or the destination
 * internal account is no longer ACTIVE (frozen, closed), the payout does not go: the quote fails
 * (ACCOUNT_INVALID, ACCOUNT_CANNOT_RECEIVE or QUOTE_EXECUTION_FAILED, lockQuotePartiesForArrivedFunds)
 * and the money goes back as for a mismatch, in this transaction; a racing delete, freeze or close
 * runs wholly before or after it. Answers the transaction.
 * Throws: QUOTE_NOT_FOUND; INVALID_INPUT (not realtime-funded); INVALID_CURRENCY; QUOTE_EXPIRED; CONFLICT.
 */
export async function sandboxSend(db: Db, input: { platformId: string; request: SandboxSendRequest }): Promise<Transaction> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const quote = await lockQuote(tx, platformId, request.quoteId);
    if (quote.sourceType !== "REALTIME_FUNDING")
      throw invalidInput([{ field: "quoteId", message: "is funded from an internal account: execute it with POST /quotes/{quoteId}/execute", constraint: { sourceType: ["REALTIME_FUNDING"] } }]);
    if (request.currencyCode !== quote.sendingCurrency)
      throw new ServiceError("INVALID_CURRENCY", `Quote ${request.quoteId} is paid in ${quote.sendingCurrency}, not ${request.currencyCode}`, {
        details: { expectedCurrency: quote.sendingCurrency, currencyCode: request.currencyCode },
      });
    await assertQuoteRunnable(tx, quote);
    const blocked = await lockQuotePartiesForArrivedFunds(tx, quote);
    const transaction = await lockTransaction(tx, { platformId, transactionId: quote.transactionId });
    const amount = request.currencyAmount === undefined ? quote.totalSendingAmount : BigInt(request.currencyAmount);
    if (amount !== quote.totalSendingAmount) {
      const failed = await startQuoteRefund(tx, transaction, {
        reason: "TRANSACTION_FAILED",
        status: "FAILED",
        failureReason: "FUNDING_AMOUNT_MISMATCH",
        fundedAmount: amount,
        note: `Received ${amount} ${quote.sendingCurrency}, expected ${quote.totalSendingAmount}: sent back to the payer`,
      });
      return serializeTransaction(failed);
    }
    if (blocked) {
      const failed = await startQuoteRefund(tx, transaction, {
        reason: "TRANSACTION_FAILED",
        status: "FAILED",
        failureReason: blocked.failureReason,
        note: `${blocked.message}. The payout did not go: the funds received are sent back to the payer`,
      });
      return serializeTransaction(failed);
    }
    return serializeTransaction(await runQuote(tx, quote, transaction, null));
  }, TRANSFER_TX_OPTIONS);
}
