import { Prisma } from "@/lib/generated/prisma/client";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import type { CustomerRow } from "../customers/serialize-customer";
import type { Db, DbOrTx, SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId, parseId } from "../http/ids";
import { lockInternalAccountForPayment, type LockedInternalAccount } from "../internal-accounts/lock-internal-account-for-payment";
import type { JobContext } from "../jobs/handlers";
import { scheduleJob } from "../jobs/schedule-job";
import { insufficientBalance } from "../ledger/insufficient-balance";
import type { SqlLedgerTx } from "../ledger/ledger-tx";
import { now } from "../sandbox/clock";
import { getScaCustomerOrThrow } from "../sca/get-sca-customer-or-throw";
import { authorizeQuoteScaChallenge, customerNeedsSca, openQuoteScaChallenge, resendQuoteScaChallenge, type QuoteScaPurpose } from "../sca/quote-sca";
import type { ScaChallenge, ScaFactorName } from "../sca/schemas";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { getQuoteOrThrow, lockQuote } from "./get-quote";
import { getPullSourceOrThrow, runPullQuote } from "./run-pull-quote";
import { runQuote } from "./run-quote";
import { lockQuoteParties } from "./lock-quote-parties";
import type { Quote, ScaAuthorizationRequest } from "./schemas";
import { serializeQuote, type QuoteRow } from "./serialize-quote";
import { assertDailyVolume } from "./limits";
import { expireUnrunQuote } from "./expire-quote";

/** Timed step at a quote challenge's expiresAt: an executed quote still waiting on it fails. */
export const EXPIRE_QUOTE_SCA_JOB = "quotes.sca-expire";

/**
 * The customer whose quotes wait in PENDING_AUTHORIZATION (EU/EEA region, BEHAVIORS.md §9.4,
 * 10.30), or null (platform money, other regions). Throws: USER_NOT_FOUND.
 */
export async function scaCustomerOf(db: SqlTx, quote: Pick<QuoteRow, "platformId" | "customerId">): Promise<CustomerRow | null> {
  if (quote.customerId === null) return null;
  const customer = await getCustomerOrThrow(db, quote.platformId, formatId("Customer", quote.customerId), { isIncludingDeleted: true });
  return customerNeedsSca(customer) ? customer : null;
}

/**
 * The challenges a quote needs, in order (BEHAVIORS.md §9.4 "conversion then payout"): a
 * cross-currency quote CURRENCY_CONVERSION, a payout to an external account or UMA address PAYOUT,
 * and a same-currency move between internal accounts TRANSFER.
 */
export function scaStepsOf(quote: Pick<QuoteRow, "sendingCurrency" | "receivingCurrency" | "destinationType" | "destinationAccountKind">): QuoteScaPurpose[] {
  const steps: QuoteScaPurpose[] = [];
  if (quote.sendingCurrency !== quote.receivingCurrency) steps.push("CURRENCY_CONVERSION");
  if (quote.destinationType === "UMA_ADDRESS" || quote.destinationAccountKind === "EXTERNAL") steps.push("PAYOUT");
  if (steps.length === 0) steps.push("TRANSFER");
  return steps;
}

/** The first step of the quote not yet authorized, or null when every one is. */
async function nextScaStep(db: DbOrTx, quote: QuoteRow): Promise<QuoteScaPurpose | null> {
  const done = await db.scaChallenge.findMany({ where: { platformId: quote.platformId, subjectId: quote.id, status: "COMPLETED" }, select: { purpose: true } });
  const authorized = new Set(done.map((c) => c.purpose));
  return scaStepsOf(quote).find((step) => !authorized.has(step)) ?? null;
}

/**
 * Puts the quote in PENDING_AUTHORIZATION waiting on a new challenge for `purpose` (the quote's
 * `scaChallenge`). An executed quote's transaction moves to PENDING_AUTHORIZATION with
 * OUTGOING_PAYMENT.PENDING_AUTHORIZATION (one per step, BEHAVIORS.md §3.2) and fails when the
 * challenge expires; a realtime quote's transaction stays PENDING (no funds asked for yet).
 * In the caller's transaction, quote locked. Throws: INVALID_INPUT (the customer has no factor).
 */
async function openScaStep(tx: SqlLedgerTx, quote: QuoteRow, customer: CustomerRow, purpose: QuoteScaPurpose, transaction?: TransactionRow, scaFactor?: ScaFactorName): Promise<void> {
  const { platformId } = quote;
  const challenge = await openQuoteScaChallenge(tx, { platformId, customer, quoteId: quote.id, purpose, quoteExpiresAt: quote.expiresAt, scaFactor });
  const at = await now(tx, platformId);
  await tx.$executeRaw`UPDATE "Quote" SET "status" = 'PENDING_AUTHORIZATION', "scaChallenge" = ${JSON.stringify(challenge)}::jsonb, "updatedAt" = ${at}::timestamptz WHERE "id" = ${quote.id}::uuid`;
  if (quote.sourceType !== "ACCOUNT") return;
  const row = transaction ?? (await lockTransaction(tx, { platformId, transactionId: quote.transactionId }));
  await recordTransactionStatus(tx, row, {
    status: "PENDING_AUTHORIZATION",
    eventType: "OUTGOING_PAYMENT.PENDING_AUTHORIZATION",
    note: `Awaiting strong customer authentication (${purpose})`,
  });
  await scheduleJob(tx, { platformId, kind: EXPIRE_QUOTE_SCA_JOB, payload: { quoteId: quote.id, challengeId: challenge.id }, runAt: new Date(challenge.expiresAt) });
}

/**
 * A new quote of an SCA-region customer (realtime funded, or `immediatelyExecute`): waits in
 * PENDING_AUTHORIZATION on its first challenge (POST /quotes answers 202), of the request's
 * `scaFactor` when it names one. In the quote's transaction.
 * Throws: INVALID_INPUT (no factor, or not the one named), INSUFFICIENT_BALANCE (immediate execution the balance cannot cover).
 */
export async function startQuoteSca(tx: SqlLedgerTx, quote: QuoteRow, customer: CustomerRow, run?: { transaction: TransactionRow; source?: LockedInternalAccount }, scaFactor?: ScaFactorName): Promise<void> {
  // A pull source (no internal account) has no balance to check.
  if (run?.source) assertCanCover(run.source, quote.totalSendingAmount);
  await openScaStep(tx, quote, customer, scaStepsOf(quote)[0]!, run?.transaction, scaFactor);
}

/** Execution waits for authorization: refuse up front a balance that cannot cover it (nothing held yet). */
export function assertCanCover(source: LockedInternalAccount, amount: bigint): void {
  const account = source.ledgerAccount;
  const available = account.postedBalance - account.heldAmount;
  if (!account.allowNegative && available < amount) throw insufficientBalance({ ...account, internalAccountId: source.account.id }, available, amount);
}

async function assertAwaitingSca(db: DbOrTx, quote: QuoteRow): Promise<CustomerRow> {
  const id = formatId("Quote", quote.id);
  if (quote.customerId === null)
    throw new ServiceError("CONFLICT", `Quote ${id} moves platform money: strong customer authentication applies only to quotes of customers in EU/EEA regions`, {
      details: { quoteId: id },
    });
  const customer = await getScaCustomerOrThrow(db, quote.platformId, formatId("Customer", quote.customerId));
  await assertNotExpired(db, quote);
  if (quote.status !== "PENDING_AUTHORIZATION")
    throw new ServiceError("CONFLICT", `Quote ${id} is ${quote.status}: only a PENDING_AUTHORIZATION quote has a challenge to answer`, { details: { quoteId: id, status: quote.status } });
  return customer;
}

/**
 * Its locked rate ends at expiresAt, waiting on a challenge or not (BEHAVIORS.md §2.6): EXPIRED, or
 * still PENDING_AUTHORIZATION past expiresAt (its timed step not run yet) → QUOTE_EXPIRED (409).
 */
async function assertNotExpired(db: DbOrTx, quote: QuoteRow): Promise<void> {
  const isExpired = quote.status === "EXPIRED" || (quote.status === "PENDING_AUTHORIZATION" && (await now(db, quote.platformId)) >= quote.expiresAt);
  if (!isExpired) return;
  const id = formatId("Quote", quote.id);
  throw new ServiceError("QUOTE_EXPIRED", `Quote ${id} expired at ${quote.expiresAt.toISOString()} before it was authorized; create a new quote`, { details: { quoteId: id, expiresAt: quote.expiresAt.toISOString() } });
}

/**
 * POST /quotes/{quoteId}/authorize (BEHAVIORS.md §9.4, §2.6, §3.2): answers the quote's current
 * challenge. If another step needs authorizing (conversion then payout) the quote stays
 * PENDING_AUTHORIZATION with the next `scaChallenge`; after the last one a realtime quote becomes
 * PENDING (its paymentInstructions appear) and an executed one runs (debit, PROCESSING, the
 * destination's sandbox outcome). A wrong answer is counted even though the call fails.
 * Throws: QUOTE_NOT_FOUND; CONFLICT (not an SCA-region customer's quote, not PENDING_AUTHORIZATION);
 * QUOTE_EXPIRED (past expiresAt, or EXPIRED); UNAUTHORIZED (wrong code); RATE_LIMITED;
 * ACCOUNT_LOCKED; INVALID_INPUT (challenge expired, missing code); INSUFFICIENT_BALANCE;
 * DAILY_VOLUME_LIMIT_EXCEEDED (the quote stays PENDING_AUTHORIZATION, fully authorized: retry it);
 * CUSTOMER_DELETED, NOT_FOUND (destination external account deleted meanwhile; lockQuoteParties).
 */
export async function authorizeQuote(db: Db, input: { platformId: string; quoteId: string; authorization: ScaAuthorizationRequest }): Promise<Quote> {
  const { platformId, authorization } = input;
  const quote = await getQuoteOrThrow(db, platformId, input.quoteId);
  const customer = await assertAwaitingSca(db, quote);
  const id = formatId("Quote", quote.id);
  // Every step already authorized (the run was refused, e.g. the balance fell short): just retry it.
  if ((await nextScaStep(db, quote)) !== null)
    await authorizeQuoteScaChallenge(db, {
      platformId,
      customerId: customer.id,
      quoteId: quote.id,
      authorization: { code: authorization.code, passkeyAssertion: authorization.passkeyAssertion, origin: authorization.origin },
    }).catch(async (e: unknown) => {
      // A concurrent authorize answered this very challenge first: answer the 409 a later call gets, not "start a new challenge".
      const challengeId = parseId("ScaChallenge", (quote.scaChallenge as ScaChallenge | null)?.id ?? "");
      if (e instanceof ServiceError && e.code === "INVALID_INPUT" && challengeId && (await db.scaChallenge.count({ where: { id: challengeId, status: "COMPLETED" } })) > 0)
        throw new ServiceError("CONFLICT", `Quote ${id}'s challenge was already answered by another request: read the quote for its status`, { details: { quoteId: id } });
      throw e;
    });
  const row = await db.$transaction(async (tx) => {
    const locked = await lockQuote(tx, platformId, input.quoteId);
    await assertNotExpired(tx, locked);
    if (locked.status !== "PENDING_AUTHORIZATION")
      throw new ServiceError("CONFLICT", `Quote ${id} is ${locked.status}: it no longer waits for authorization`, { details: { quoteId: id, status: locked.status } });
    const next = await nextScaStep(tx, locked);
    if (next !== null) await openScaStep(tx, locked, customer, next);
    else if (locked.sourceType === "REALTIME_FUNDING") {
      const at = await now(tx, platformId);
      await tx.quote.update({ where: { id: locked.id }, data: { status: "PENDING", scaChallenge: Prisma.DbNull, updatedAt: at } });
      // The payer may now be told where to send: the transaction shows the instructions as the quote does.
      await tx.transaction.updateMany({ where: { id: locked.transactionId, platformId }, data: { paymentInstructions: locked.paymentInstructions ?? Prisma.DbNull, updatedAt: at } });
    } else {
      await lockQuoteParties(tx, locked); // customer or destination deleted while it waited: refused
      const pull = locked.sourceAccountKind === "EXTERNAL" ? await getPullSourceOrThrow(tx, locked) : null;
      const source = pull ? null : await lockInternalAccountForPayment(tx, { platformId, accountId: locked.sourceAccountId!, direction: "SEND", allowBare: true });
      // Checked again: the customer's other payments may have used the day's room while this one waited.
      await assertDailyVolume(tx, { platformId, customerId: locked.customerId, amount: locked.totalSendingAmount, currency: locked.sendingCurrency, paying: true });
      const transaction = await lockTransaction(tx, { platformId, transactionId: locked.transactionId });
      if (pull) await runPullQuote(tx, locked, transaction, pull);
      else await runQuote(tx, locked, transaction, source);
      await tx.quote.update({ where: { id: locked.id }, data: { scaChallenge: Prisma.DbNull } });
    }
    return tx.quote.findUniqueOrThrow({ where: { id: locked.id } });
  }, TRANSFER_TX_OPTIONS);
  return serializeQuote(row);
}

/**
 * POST /quotes/{quoteId}/authorize/resend: sends the current challenge's code again (same
 * challenge, expiry not extended). Throws: QUOTE_NOT_FOUND; QUOTE_EXPIRED; CONFLICT (not an SCA-region customer's
 * quote, not PENDING_AUTHORIZATION, passkey challenge); INVALID_INPUT (challenge expired).
 */
export async function resendQuoteAuthorization(db: Db, input: { platformId: string; quoteId: string }): Promise<void> {
  const quote = await getQuoteOrThrow(db, input.platformId, input.quoteId);
  const customer = await assertAwaitingSca(db, quote);
  await resendQuoteScaChallenge(db, { platformId: input.platformId, customerId: customer.id, quoteId: quote.id });
}

/**
 * Timed step at a challenge's expiresAt (BEHAVIORS.md §3.2): an executed quote still waiting on
 * that challenge fails with SCA_NOT_COMPLETED — quote and transaction FAILED, OUTGOING_PAYMENT.FAILED,
 * nothing was debited — unless the quote's own expiresAt has come too (a challenge lives at most
 * as long as its quote): then it expires as expireQuote would (EXPIRED), whichever step runs first.
 * Realtime quotes are left to their own expiry (EXPIRED).
 */
export async function expireQuoteSca(db: Db, input: { platformId: string; quoteId: string; challengeId: string }): Promise<void> {
  const { platformId } = input;
  await db.$transaction(async (tx) => {
    const quote = await lockQuote(tx, platformId, input.quoteId, { allowBare: true });
    if (quote.status !== "PENDING_AUTHORIZATION" || quote.sourceType !== "ACCOUNT") return;
    const current = quote.scaChallenge as ScaChallenge | null;
    if (current?.id !== input.challengeId) return;
    const at = await now(tx, platformId);
    if (at < new Date(current.expiresAt)) return;
    if (at >= quote.expiresAt) return expireUnrunQuote(tx, quote, at);
    await tx.scaChallenge.updateMany({ where: { platformId, subjectId: quote.id, status: "PENDING" }, data: { status: "EXPIRED", updatedAt: at } });
    await tx.quote.update({ where: { id: quote.id }, data: { status: "FAILED", scaChallenge: Prisma.DbNull, updatedAt: at } });
    const transaction = await lockTransaction(tx, { platformId, transactionId: quote.transactionId });
    await recordTransactionStatus(tx, transaction, { status: "FAILED", failureReason: "SCA_NOT_COMPLETED", note: "The SCA challenge expired before it was answered; nothing was debited" });
  }, TRANSFER_TX_OPTIONS);
}

export const runExpireQuoteSca = ({ db, platformId, payload }: JobContext) => expireQuoteSca(db, { platformId, ...(payload as { quoteId: string; challengeId: string }) });
