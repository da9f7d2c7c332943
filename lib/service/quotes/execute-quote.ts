import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId } from "../http/ids";
import { lockInternalAccountForPayment } from "../internal-accounts/lock-internal-account-for-payment";
import type { SqlLedgerTx } from "../ledger/ledger-tx";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { assertQuoteNotAgents } from "../agents/assert-quote-not-agents";
import { assertWalletSignedExecution } from "./assert-wallet-signed-execution";
import { getQuoteOrThrow, lockQuote } from "./get-quote";
import { inOrder, sqlTransaction } from "../sql-transaction";
import { dailyVolumeCheck } from "./limits";
import { lockPayer } from "../transactions/daily-volume";
import { scaCustomerOf, startQuoteSca } from "./quote-authorization";
import { getPullSourceOrThrow, runPullQuote } from "./run-pull-quote";
import { readQuoteDestination, runQuote } from "./run-quote";
import { lockQuoteParties } from "./lock-quote-parties";
import type { Quote } from "./schemas";
import type { QuotePaymentInstructions } from "../transactions/schemas";
import { serializeQuote, type QuoteRow } from "./serialize-quote";

/**
 * Refuses a quote that cannot be run now: past expiresAt (or EXPIRED) → QUOTE_EXPIRED (409,
 * BEHAVIORS.md §2.5); any status but PENDING → CONFLICT naming it.
 */
export async function assertQuoteRunnable(tx: SqlLedgerTx, quote: QuoteRow): Promise<void> {
  const id = formatId("Quote", quote.id);
  const at = await now(tx, quote.platformId);
  if (quote.status === "EXPIRED" || (quote.status === "PENDING" && at >= quote.expiresAt))
    throw new ServiceError("QUOTE_EXPIRED", `Quote ${id} expired at ${quote.expiresAt.toISOString()}; create a new quote`, { details: { quoteId: id, expiresAt: quote.expiresAt.toISOString() } });
  if (quote.status !== "PENDING")
    throw new ServiceError("CONFLICT", `Quote ${id} is ${quote.status}: only a PENDING quote can run, and a quote runs once`, { details: { quoteId: id, status: quote.status } });
}

/**
 * POST /quotes/{quoteId}/execute (BEHAVIORS.md §2.7, 10.13): runs a PENDING quote funded from an
 * internal account (embedded wallets: with a valid Service-Wallet-Signature over the quote's
 * payloadToSign) or by a pull from a bank account (no balance check; the pull's sandbox outcome
 * decides, runPullQuote: a failed pull answers the quote FAILED). The quote row lock makes any number of concurrent executes run it once; the
 * others see it PROCESSING and answer 409. Insufficient balance leaves it PENDING. A customer of an
 * SCA region (EU/EEA) must authorize it first: it goes PENDING_AUTHORIZATION with a `scaChallenge`
 * (nothing debited; POST /quotes/{quoteId}/authorize runs it). A quote an agent created runs only
 * through its AgentAction (`viaAgentAction`, run-agent-action.ts); the platform's execute → 409.
 * Throws: QUOTE_NOT_FOUND; INVALID_INPUT (realtime-funded); QUOTE_EXPIRED; CONFLICT (also an agent's quote);
 * WALLET_SIGNATURE_MISSING / _INVALID; INSUFFICIENT_BALANCE; DAILY_VOLUME_LIMIT_EXCEEDED; for a pull
 * source that is no longer usable NOT_FOUND, EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED, CONFLICT;
 * NOT_FOUND when the destination external account was deleted since the quote was made, and
 * CUSTOMER_DELETED when its customer (or an internal destination's owner) was (lockQuoteParties).
 */
export async function executeQuote(db: Db, input: { platformId: string; quoteId: string; walletSignature?: string; viaAgentAction?: boolean }): Promise<Quote> {
  const { platformId } = input;
  const row = await sqlTransaction(db, async (tx) => {
    const quote = await lockQuote(tx, platformId, input.quoteId);
    if (quote.sourceType !== "ACCOUNT" || quote.sourceAccountId === null)
      throw invalidInput(
        [{ field: "quoteId", message: "is funded in real time: it has no execute step", constraint: { sourceType: ["ACCOUNT"] } }],
        `Quote ${input.quoteId} is funded in real time: the funds arriving at its paymentInstructions run it (sandbox: POST /sandbox/send); it cannot be executed`,
      );
    await assertQuoteRunnable(tx, quote);
    // The checks and locks below go out in two writes, in the order they were always taken and
    // refused in (inOrder): the agent check, the parties' locks and the source's; then the payer's
    // daily-volume lock and read, the transaction's lock, the customer's read and the destination's
    // (for the sandbox outcome: the run's PROCESSING step then goes out with its next statement).
    const [, , source] = await inOrder([
      input.viaAgentAction ? undefined : assertQuoteNotAgents(tx, quote),
      // Its customer or destination deleted since it was made: refused (a racing delete waits for this run).
      lockQuoteParties(tx, quote),
      // A pull source has no balance to check or debit: the money comes from the bank account.
      quote.sourceAccountKind === "EXTERNAL" ? undefined : lockInternalAccountForPayment(tx, { platformId, accountId: quote.sourceAccountId, direction: "SEND", allowBare: true }),
    ]);
    const pull = source ? null : await getPullSourceOrThrow(tx, quote);
    if (source?.account.type === "EMBEDDED_WALLET") {
      const instructions = (quote.paymentInstructions as QuotePaymentInstructions[] | null) ?? [];
      const payloadToSign = String(instructions[0]?.accountOrWalletInfo.payloadToSign ?? "");
      await assertWalletSignedExecution(tx, { platformId, internalAccountId: source.account.id, payloadToSign, signature: input.walletSignature });
    }
    const at = await now(tx, platformId);
    const [, , transaction, scaCustomer, destination] = await inOrder([
      lockPayer(tx, { platformId, customerId: quote.customerId }),
      // payerLocked: sent right behind the lock, so it runs holding it.
      dailyVolumeCheck(tx, { platformId, customerId: quote.customerId, currency: quote.sendingCurrency, paying: true, payerLocked: true, at }).check(quote.totalSendingAmount),
      lockTransaction(tx, { platformId, transactionId: quote.transactionId }),
      scaCustomerOf(tx, quote),
      pull ? undefined : readQuoteDestination(tx, quote),
    ]);
    if (scaCustomer) await startQuoteSca(tx, quote, scaCustomer, { transaction, source: source ?? undefined });
    else if (pull) await runPullQuote(tx, quote, transaction, pull);
    else await runQuote(tx, quote, transaction, source ?? null, { destination });
    return getQuoteOrThrow(tx, platformId, quote.id, { allowBare: true });
  }, TRANSFER_TX_OPTIONS);
  return serializeQuote(row);
}
