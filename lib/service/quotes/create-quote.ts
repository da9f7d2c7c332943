import { Prisma } from "@/lib/generated/prisma/client";
import { assertEndUserTermsAccepted, assertTermsAnswer } from "../customers/has-accepted-end-user-terms";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import type { Db } from "../db";
import { decimalsOf, exchangeRateScaled, hasRate, RATE_SCALE, rateToDecimal, rateToNumber } from "../exchange-rates/rate-table";
import { receivingLockedAmounts, sendingLockedAmounts, type FeeSchedule, type SendingLockedAmounts } from "../exchange-rates/sending-locked-amounts";
import { foundExternalAccount, getExternalAccountOrThrow } from "../external-accounts/get-external-account-or-throw";
import type { ExternalAccountRow } from "../external-accounts/serialize-external-account";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId, parseId, uuidv7 } from "../http/ids";
import { assertCanMoveMoney } from "../internal-accounts/account-can-move-money";
import { ensurePlatformInternalAccounts } from "../internal-accounts/ensure-platform-internal-accounts";
import { getInternalAccountOrThrow } from "../internal-accounts/get-internal-account-or-throw";
import { lockedAccountFromRow, usableForPayment, type LockedInternalAccount } from "../internal-accounts/lock-internal-account-for-payment";
import type { InternalAccountRow } from "../internal-accounts/serialize-internal-account";
import { scheduleJob } from "../jobs/schedule-job";
import type { SqlLedgerTx } from "../ledger/ledger-tx";
import { inOrder, sqlTransaction } from "../sql-transaction";
import { now } from "../sandbox/clock";
import { currencyInfo } from "../sandbox/currencies";
import { createTransaction, type CreateTransactionInput } from "../transactions/create-transaction";
import { newTransactionReference } from "../transactions/transaction-reference";
import { DEFAULT_STATEMENT_DESCRIPTOR, expectedSettlementAt, railDetailsFor, withRailStatus } from "../transactions/rail-details";
import { resolveTransactionCustomer, transactionCustomerFrom } from "../transactions/resolve-transaction-customer";
import { assertOwnersLive, partiesExternal, readPaymentParties, type PaymentPartiesRow } from "../transfers/resolve-transfer-parties";
import type { PaymentRail } from "../transactions/schemas";
import { chooseRail, externalIdentifiers, externalSnapshot, internalIdentifiers, internalSnapshot } from "../transfers/transfer-columns";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { assertCounterpartyAnswers, resolveSandboxCounterparty, type SandboxCounterparty } from "../uma/sandbox-counterparties";
import { EXPIRE_QUOTE_JOB } from "./expire-quote";
import { feeScheduleFor } from "./fee-schedule";
import { assertAchSameDayCap, assertTransactionSize, dailyVolumeCheck, usdCents } from "./limits";
import { assertPlatformSends, outgoingCurrencyLimits } from "./currency-limits";
import { realtimePaymentInstructions, walletPayloadToSign } from "./payment-instructions";
import { getReceiverLookupOrThrow } from "../receivers/get-receiver-lookup-or-throw";
import { parseLookupId } from "../receivers/lookup-id";
import { startQuoteSca } from "./quote-authorization";
import { customerNeedsSca } from "../sca/quote-sca";
import { isScaRegion } from "../sca/sca-regions";
import { runPullQuote } from "./run-pull-quote";
import { debitSource, outcomeOf, runQuote } from "./run-quote";
import { planSettlement } from "./settle-quote";
import { enqueueBalanceUpdated } from "../transfers/enqueue-balance-updated";
import { internalAccountEventRows, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { resolvePullSource, type PullSource } from "./resolve-pull-source";
import { lockLiveParties } from "../transfers/lock-live-parties";
import { MAX_LOCKED_AMOUNT, type Quote, type QuoteDestination, type QuoteRequest, type QuoteSource } from "./schemas";
import { getQuoteOrThrow } from "./get-quote";
import { serializeQuote, type QuoteRow } from "./serialize-quote";

/** Ledger-free origin of the quote's transaction. */
export const QUOTE_ORIGIN = "QUOTE";
/** BEHAVIORS.md §2.5, 10.10: the sandbox quote window. */
export const QUOTE_WINDOW_SECONDS = 300;
/** Stablecoin networks a realtime quote can be paid on (wallet form of the instructions). */
export const REALTIME_CRYPTO_NETWORKS = ["ETHEREUM", "BASE", "POLYGON", "SOLANA"] as const;
const STABLECOINS = new Set(["USDC", "USDB"]);
const ACH = new Set(["ACH", "ACH_SAME_DAY"]);

interface ResolvedSource {
  kind: "ACCOUNT" | "REALTIME_FUNDING";
  /**
   * An internal account source's statement (readPaymentParties): with its customer's transaction
   * columns, the destination external account when there is one, the parties' locks, the platform's
   * currency limits, and the payer's daily-volume lock when the quote pays now.
   */
  read: PaymentPartiesRow | null;
  /** The internal account of a prefunded quote. */
  locked: LockedInternalAccount | null;
  /** The bank account of a quote that pulls (BEHAVIORS.md §2.1 "Pull"). */
  pull: PullSource | null;
  customerId: string | null;
  currency: string;
  wire: QuoteSource;
}

interface ResolvedDestination {
  kind: "INTERNAL" | "EXTERNAL" | "UMA";
  internal?: InternalAccountRow;
  external?: ExternalAccountRow;
  counterparty?: SandboxCounterparty;
  currency: string;
  paymentRail: string | null;
  railSelectionMode: "AUTO" | "MANUAL" | null;
  wire: QuoteDestination;
}

/**
 * POST /quotes (BEHAVIORS.md §2.1–2.5, SPEC.md "Quote"): checks the source (an internal account, a
 * bank external account to pull from, or realtime funding) and destination, prices
 * the payment (exact fee math of §2.2–2.4 on either locked side), applies the limits, and writes the
 * quote with its OUTGOING transaction (PENDING, no event yet — 10.1) and the expiry step at
 * expiresAt, in one raw-SQL transaction (sqlTransaction). With `immediatelyExecute` it is executed in
 * the same transaction (completeAtOnce when the destination takes it at once). For a customer of an
 * SCA region (EU/EEA) a realtime-funded or immediately executed quote waits in PENDING_AUTHORIZATION
 * with its `scaChallenge` (the route answers 202; BEHAVIORS.md §2.6, §9.4).
 * Throws: INVALID_INPUT (field rules, listing the field), AMOUNT_OUT_OF_RANGE (nothing to deliver,
 * or outside the platform's minAmount…maxAmount for the sending currency), SELF_PAYMENT,
 * INVALID_CURRENCY (no rate; sending currency not enabled for OUTGOING), NOT_FOUND / USER_NOT_FOUND / UMA_NOT_FOUND / LOOKUP_REQUEST_NOT_FOUND, CONFLICT
 * (account status), END_USER_TERMS_NOT_ACCEPTED, EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED,
 * TRANSACTION_SIZE_LIMIT_EXCEEDED, DAILY_VOLUME_LIMIT_EXCEEDED, INSUFFICIENT_BALANCE (immediate),
 * CUSTOMER_DELETED (the source's or an internal destination's owner, or the destination's, was deleted).
 * A failed pull (immediate execution) is not an error: the quote answers FAILED (BEHAVIORS.md 10.7).
 */
export async function createQuote(db: Db, input: { platformId: string; request: QuoteRequest }): Promise<Quote> {
  const { platformId, request } = input;
  const locked = BigInt(request.lockedCurrencyAmount);
  // The request schema's range, for callers that do not come through it: the same field error either way.
  if (locked < 1n || locked > BigInt(MAX_LOCKED_AMOUNT))
    throw invalidInput([{ field: "lockedCurrencyAmount", message: locked < 1n ? "must be at least 1" : `must be at most ${MAX_LOCKED_AMOUNT}`, constraint: locked < 1n ? { minimum: 1 } : { maximum: MAX_LOCKED_AMOUNT } }]);
  if (request.immediatelyExecute && request.source.sourceType === "REALTIME_FUNDING")
    throw invalidInput([{ field: "immediatelyExecute", message: "cannot be used with a REALTIME_FUNDING source: the funds arriving run the quote", constraint: { sourceType: ["ACCOUNT"] } }]);
  // Platform fees land on the platform's own account: make sure it exists before the money transaction.
  // Only here: the quote's currencies are supported now, so its execute, authorization or arriving
  // funds find the account made (none is ever removed), without a read of their own.
  await ensurePlatformInternalAccounts(db, platformId);

  const quoteRow = await sqlTransaction(db, async (tx) => {
    // An internal account source reads the platform's limits with its parties (readPaymentParties).
    const readsParties = request.source.sourceType === "ACCOUNT" && !request.source.accountId.startsWith("ExternalAccount:");
    const platformLimits = readsParties ? null : outgoingCurrencyLimits(tx, platformId);
    const at = await now(tx, platformId);
    const paying = request.immediatelyExecute === true;
    const source = await resolveSource(tx, platformId, request.source, request.destination, paying);
    // A deleted customer's accounts make no new quotes (410); a delete racing this one waits for it or wins.
    // An internal account source's statement took these locks; another source's go out in the write of
    // the destination's read (after it, as when they waited for it), and their refusal comes after its checks.
    const destinationId = request.destination.destinationType === "ACCOUNT" ? request.destination.accountId : "";
    const [destination] = await inOrder([
      resolveDestination(tx, platformId, request.destination, source),
      source.read
        ? undefined
        : lockLiveParties(tx, platformId, { customerIds: [source.customerId], internalAccountIds: [parseId("InternalAccount", destinationId)], externalAccountId: parseId("ExternalAccount", destinationId) }),
    ]);
    if (source.read) assertOwnersLive(source.read);
    if (!hasRate(source.currency) || !hasRate(destination.currency))
      throw new ServiceError("INVALID_CURRENCY", `The sandbox has no rate for ${source.currency} → ${destination.currency}; see GET /exchange-rates for the corridors offered`, {
        details: { sendingCurrency: source.currency, receivingCurrency: destination.currency },
      });
    if (request.immediatelyExecute && source.locked?.account.type === "EMBEDDED_WALLET")
      throw invalidInput([{ field: "immediatelyExecute", message: "cannot be used with an embedded-wallet source: execute the quote with a Service-Wallet-Signature", constraint: { embeddedWallet: false } }]);
    // SPEC.md § POST /quotes: used only on ACH, for a payout to and a pull from a US bank account.
    const isAch = (rail: string | null | undefined) => rail != null && ACH.has(rail);
    if (request.statementDescriptor !== undefined && !isAch(destination.paymentRail) && !isAch(source.pull?.paymentRail))
      throw invalidInput([
        {
          field: "statementDescriptor",
          message: `applies only to ACH entries (a payout to or a pull from a US bank account); this quote ${source.pull ? `pulls ${source.pull.paymentRail ? `over ${source.pull.paymentRail}` : "without an external rail"} and ` : ""}pays ${destination.paymentRail ? `over ${destination.paymentRail}` : "without an external rail"}`,
          constraint: { paymentRail: [...ACH] },
        },
      ]);
    if (request.lookupId !== undefined) await checkLookup(tx, platformId, request, destination);
    else if (destination.kind === "UMA")
      throw invalidInput(
        [{ field: "lookupId", message: "is required for a UMA_ADDRESS destination", constraint: { required: true } }],
        `Look the receiver up first with GET /receiver/uma/${encodeURIComponent(destination.counterparty!.address)} and pass its lookupId (it also lists the payer data to send in senderCustomerInfo)`,
      );
    if (destination.kind === "UMA") assertCounterpartyAnswers(destination.counterparty!, "QUOTE");

    // A customer's quote that may run now needs the customer in full for strong customer
    // authentication (an internal account source's statement says already whether its region asks
    // for it); that one read also gives the transaction its customer columns (the source's owner).
    // It is read under the parties' locks, in the write of the day's volume and the fee schedule.
    const mayRunNow = source.kind === "REALTIME_FUNDING" || request.immediatelyExecute === true;
    const mayNeedSca = mayRunNow && source.customerId !== null && (source.read === null || isScaRegion(source.read.txRegion));
    const sourceCustomerRead = mayNeedSca ? getCustomerOrThrow(tx, platformId, formatId("Customer", source.customerId!), { isIncludingDeleted: true }) : null;
    sourceCustomerRead?.catch(() => {}); // awaited below, unless a check before that refuses the quote
    // The day's volume is read (and folded) in the same write as the fee schedule; the amount it is checked against needs the fees.
    const volume = dailyVolumeCheck(tx, { platformId, customerId: source.customerId, currency: source.currency, paying, payerLocked: paying && source.read !== null });
    const fees = await feeScheduleFor(tx, { platformId, sendingCurrency: source.currency, receivingCurrency: destination.currency, override: request.platformFeeOverride });
    const amounts = priceQuote(source.currency, destination.currency, request.lockedCurrencySide, locked, fees);
    assertTransactionSize(amounts.sendingAmount, source.currency);
    if (destination.paymentRail === "ACH_SAME_DAY") assertAchSameDayCap(usdCents(amounts.receivingAmount, destination.currency), at);
    // The platform's own limits for the currency, within the Service's (the default USD maxAmount is the per-payment limit).
    if (platformLimits) await platformLimits.check(amounts.sendingAmount, source.currency);
    else assertPlatformSends(source.read!.supportedCurrencies, amounts.sendingAmount, source.currency);
    await volume.check(amounts.sendingAmount);

    const quoteId = uuidv7(at.getTime());
    const transactionId = uuidv7(at.getTime());
    const expiresAt = new Date(at.getTime() + QUOTE_WINDOW_SECONDS * 1000);
    const sourceCustomer = await sourceCustomerRead;
    const customerId = source.customerId ?? destination.external?.customerId ?? null;
    const customer = sourceCustomer
      ? { customerId: sourceCustomer.id, platformCustomerId: sourceCustomer.platformCustomerId }
      : source.read // read the same customer: the source's owner, else the destination external account's
        ? transactionCustomerFrom(source.read, customerId)
        : await resolveTransactionCustomer(tx, platformId, customerId);
    const rateDetails = rateDetailsFor(source.currency, destination.currency, fees, amounts);
    const exchangeRate = rateDecimal(amounts.exchangeRateScaled);
    const scaCustomer = sourceCustomer && customerNeedsSca(sourceCustomer) ? sourceCustomer : null;
    // The instructions quote the transaction's reference, and the transaction shows them too (BEHAVIORS.md §3.2).
    const reference = newTransactionReference();
    const sourceAccount = source.locked?.account;
    const paymentInstructions =
      source.kind === "REALTIME_FUNDING"
        ? realtimePaymentInstructions({ quoteId, currency: source.currency, cryptoNetwork: request.source.sourceType === "REALTIME_FUNDING" ? request.source.cryptoNetwork : undefined, reference, isPlatform: source.customerId === null })
        : sourceAccount?.type === "EMBEDDED_WALLET"
          ? [
              {
                accountOrWalletInfo: {
                  accountType: "EMBEDDED_WALLET",
                  payloadToSign: walletPayloadToSign({ quoteId, amounts, sendingCurrency: source.currency, receivingCurrency: destination.currency, destination: destination.wire, expiresAt }),
                },
              },
            ]
          : null;
    const quote = newQuoteRow({
      id: quoteId,
      platformId,
      transactionId,
      customerId: source.customerId,
      sourceType: source.kind,
      sourceAccountId: sourceAccount?.id ?? source.pull?.external.id ?? null,
      sourceAccountKind: source.pull ? "EXTERNAL" : sourceAccount ? "INTERNAL" : null,
      destinationType: destination.kind === "UMA" ? "UMA_ADDRESS" : "ACCOUNT",
      destinationAccountKind: destination.kind === "UMA" ? null : destination.kind,
      destinationAccountId: destination.internal?.id ?? destination.external?.id ?? null,
      source: source.wire,
      destination: destination.wire,
      sendingCurrency: source.currency,
      receivingCurrency: destination.currency,
      totalSendingAmount: amounts.sendingAmount,
      totalReceivingAmount: amounts.receivingAmount,
      exchangeRate,
      feesIncluded: amounts.feesIncluded,
      platformFeesIncluded: amounts.platformFeesIncluded,
      rateDetails,
      lockedCurrencySide: request.lockedCurrencySide,
      lockedCurrencyAmount: locked,
      paymentInstructions,
      paymentRail: destination.paymentRail,
      railSelectionMode: destination.railSelectionMode,
      statementDescriptor: request.statementDescriptor ?? null,
      description: request.description ?? null,
      remittanceInformation: request.remittanceInformation ?? null,
      purposeOfPayment: request.purposeOfPayment ?? null,
      counterpartyInformation: destination.counterparty ? { umaAddress: destination.counterparty.address } : null,
      senderCustomerInfo: request.senderCustomerInfo,
      lookupId: request.lookupId ? parseLookupId(request.lookupId) : null,
      fundingReference: source.kind === "REALTIME_FUNDING" ? reference : null,
      expiresAt,
      createdAt: at,
      updatedAt: at,
    });
    const pending: CreateTransactionInput = {
      ...transactionColumns(platformId, source, destination, request, amounts, at),
      ...customer,
      id: transactionId,
      reference,
      status: "PENDING",
      quoteId,
      exchangeRate,
      rateDetails,
      // Realtime instructions stay hidden until strong customer authentication is done (authorizeQuote adds them then).
      paymentInstructions: paymentInstructions === null || (scaCustomer && source.kind === "REALTIME_FUNDING") ? undefined : (paymentInstructions as Prisma.InputJsonValue),
      eventType: null,
      note: "Quote created",
    };
    // Executed now and taken at once by its destination: written once, settled (completeAtOnce).
    if (request.immediatelyExecute && !scaCustomer && source.locked && (await outcomeOf(tx, quote, destination.external)).kind === "COMPLETE")
      return completeAtOnce(tx, quote, pending, source.locked);
    const { row: transaction } = await createTransaction(tx, { ...pending, alsoWrite: async () => insertQuote(quote) });

    // A quote that runs now never waits for expiresAt: no expiry step to schedule (nor for the worker to run for nothing).
    if (!request.immediatelyExecute || scaCustomer) await scheduleJob(tx, { platformId, kind: EXPIRE_QUOTE_JOB, payload: { quoteId }, runAt: expiresAt });
    if (scaCustomer) {
      await startQuoteSca(tx, quote, scaCustomer, request.immediatelyExecute ? { transaction, source: source.locked ?? undefined } : undefined, request.scaFactor);
      return getQuoteOrThrow(tx, platformId, quoteId, { allowBare: true });
    }
    if (!request.immediatelyExecute) return quote;
    if (source.pull) await runPullQuote(tx, quote, transaction, source.pull.external, { destination: destination.external });
    else await runQuote(tx, quote, transaction, source.locked, { destination: destination.external });
    return getQuoteOrThrow(tx, platformId, quoteId, { allowBare: true });
  }, TRANSFER_TX_OPTIONS);
  return serializeQuote(quoteRow);
}

/**
 * An immediately executed quote its destination takes at once (sandbox outcome COMPLETE), paid as a
 * transfer is: the debit and the settlement are posted first (a refused debit has written nothing),
 * then the transaction is written once, COMPLETED, with the steps runQuote and settleQuote record one
 * statement each (created; executed with its .PENDING event; PROCESSING), and the quote (COMPLETED)
 * and the source's balance event join that statement. Answers the quote as written.
 * Throws: INSUFFICIENT_BALANCE; CONFLICT (a destination internal account that can no longer receive).
 */
async function completeAtOnce(tx: SqlLedgerTx, pendingQuote: QuoteRow, pending: CreateTransactionInput, source: LockedInternalAccount): Promise<QuoteRow> {
  const { platformId, transactionId } = pendingQuote;
  const plan = await planSettlement(tx, pendingQuote);
  const sourceAfter = await debitSource(tx, pendingQuote, transactionId, source, plan); // and the settlement
  const at = await now(tx, platformId);
  const quote: QuoteRow = { ...pendingQuote, status: "COMPLETED", executedAt: at, updatedAt: at };
  const rails = (status: "PROCESSING" | "COMPLETED") => withRailStatus(pending.destinationRailDetails, status) ?? undefined;
  await createTransaction(tx, {
    ...pending,
    status: "COMPLETED",
    settledAt: at,
    destinationRailDetails: rails("COMPLETED"),
    eventType: undefined,
    note: undefined,
    passedThrough: [
      { status: "PENDING", destinationRailDetails: pending.destinationRailDetails, eventType: null, note: "Quote created" },
      { status: "PENDING", destinationRailDetails: pending.destinationRailDetails, note: "Quote executed" },
      { status: "PROCESSING", destinationRailDetails: rails("PROCESSING") },
    ],
    alsoWrite: async () => Prisma.join([insertQuote(quote), await internalAccountEventRows(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, source.account, sourceAfter)], ", "),
  });
  for (const id of plan.credited) await enqueueBalanceUpdated(tx, platformId, id);
  return quote;
}

/** A new quote's columns: the rest start empty (scaChallenge, executedAt). */
type NewQuote = Omit<QuoteRow, "status" | "scaChallenge" | "executedAt" | "exchangeRate" | "source" | "destination" | "rateDetails" | "paymentInstructions" | "counterpartyInformation" | "senderCustomerInfo"> & {
  exchangeRate: string;
  source: unknown;
  destination: unknown;
  rateDetails: unknown;
  paymentInstructions: unknown;
  counterpartyInformation: unknown;
  senderCustomerInfo: unknown;
};

/** The PENDING quote as the database will hold it, made here instead of read back (JSON columns go through JSON as through jsonb). */
function newQuoteRow(q: NewQuote): QuoteRow {
  const json = (value: unknown) => (value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as Prisma.JsonValue));
  return {
    ...q,
    status: "PENDING",
    exchangeRate: new Prisma.Decimal(q.exchangeRate),
    source: json(q.source)!,
    destination: json(q.destination)!,
    rateDetails: json(q.rateDetails)!,
    paymentInstructions: json(q.paymentInstructions),
    counterpartyInformation: json(q.counterpartyInformation),
    senderCustomerInfo: json(q.senderCustomerInfo),
    scaChallenge: null,
    executedAt: null,
  };
}

/** The quote's INSERT, as a part of the statement that writes its transaction (createTransaction's alsoWrite): one round trip less. */
function insertQuote(q: QuoteRow): Prisma.Sql {
  const json = (value: Prisma.JsonValue | null) => (value === null ? null : JSON.stringify(value));
  return Prisma.sql`"new_quote" AS (
    INSERT INTO "Quote" ("id", "platformId", "status", "transactionId", "customerId", "sourceType", "sourceAccountId", "sourceAccountKind", "destinationType",
      "destinationAccountKind", "destinationAccountId", "source", "destination", "sendingCurrency", "receivingCurrency", "totalSendingAmount", "totalReceivingAmount",
      "exchangeRate", "feesIncluded", "platformFeesIncluded", "rateDetails", "lockedCurrencySide", "lockedCurrencyAmount", "paymentInstructions", "paymentRail",
      "railSelectionMode", "statementDescriptor", "description", "remittanceInformation", "purposeOfPayment", "counterpartyInformation", "senderCustomerInfo",
      "lookupId", "fundingReference", "executedAt", "expiresAt", "createdAt", "updatedAt")
    VALUES (${q.id}::uuid, ${q.platformId}::uuid, ${q.status}::"QuoteStatus", ${q.transactionId}::uuid, ${q.customerId}::uuid, ${q.sourceType}, ${q.sourceAccountId}::uuid,
      ${q.sourceAccountKind}, ${q.destinationType}, ${q.destinationAccountKind}, ${q.destinationAccountId}::uuid, ${json(q.source)}::jsonb, ${json(q.destination)}::jsonb,
      ${q.sendingCurrency}, ${q.receivingCurrency}, ${q.totalSendingAmount}::int8, ${q.totalReceivingAmount}::int8, ${q.exchangeRate}::numeric, ${q.feesIncluded}::int8,
      ${q.platformFeesIncluded}::int8, ${json(q.rateDetails)}::jsonb, ${q.lockedCurrencySide}, ${q.lockedCurrencyAmount}::int8, ${json(q.paymentInstructions)}::jsonb,
      ${q.paymentRail}, ${q.railSelectionMode}, ${q.statementDescriptor}, ${q.description}, ${q.remittanceInformation}, ${q.purposeOfPayment},
      ${json(q.counterpartyInformation)}::jsonb, ${json(q.senderCustomerInfo)}::jsonb, ${q.lookupId}::uuid, ${q.fundingReference}, ${q.executedAt}::timestamptz, ${q.expiresAt}::timestamptz,
      ${q.createdAt}::timestamptz, ${q.updatedAt}::timestamptz)
  )`;
}

/** Prices a quote on either locked side. Throws: AMOUNT_OUT_OF_RANGE (nothing would arrive, or fees of 100% or more). */
export function priceQuote(sendingCurrency: string, receivingCurrency: string, side: "SENDING" | "RECEIVING", locked: bigint, fees: FeeSchedule): SendingLockedAmounts {
  const amounts = side === "SENDING" ? sendingLockedAmounts(sendingCurrency, receivingCurrency, locked, fees) : receivingLockedAmounts(sendingCurrency, receivingCurrency, locked, fees);
  if (amounts === null || amounts.receivingAmount <= 0n || amounts.sendingAmount <= amounts.feesIncluded)
    throw new ServiceError(
      "AMOUNT_OUT_OF_RANGE",
      side === "SENDING"
        ? `Sending ${locked} ${sendingCurrency} leaves nothing to receive in ${receivingCurrency} after fees; send more`
        : `The fees on this quote leave nothing to deliver; lower platformVariableFeeBps`,
      { details: { lockedCurrencySide: side, lockedCurrencyAmount: Number(locked) } },
    );
  return amounts;
}

async function resolveSource(tx: SqlLedgerTx, platformId: string, source: QuoteSource, destination: QuoteDestination, paying: boolean): Promise<ResolvedSource> {
  if (source.sourceType === "ACCOUNT" && source.accountId.startsWith("ExternalAccount:")) {
    const pull = await resolvePullSource(tx, platformId, source);
    const { external } = pull;
    const wire: QuoteSource = { sourceType: "ACCOUNT", accountId: formatId("ExternalAccount", external.id), ...(external.customerId !== null && { customerId: formatId("Customer", external.customerId) }) };
    return { kind: "ACCOUNT", read: null, locked: null, pull, customerId: external.customerId, currency: external.currency, wire };
  }
  if (source.sourceType === "ACCOUNT") {
    // One round trip for the source, its owner's terms answer, the destination external account, the parties' locks and the platform's limits (as a transfer reads its parties).
    const accountDestination = destination.destinationType === "ACCOUNT" ? destination.accountId : "";
    const read = await readPaymentParties(
      tx,
      platformId,
      { internalId: parseId("InternalAccount", source.accountId), externalId: parseId("ExternalAccount", accountDestination), otherInternalId: parseId("InternalAccount", accountDestination) },
      paying,
    );
    const locked = usableForPayment(read && lockedAccountFromRow(read), { accountId: source.accountId, direction: "SEND" });
    const { account } = locked;
    if (source.customerId !== undefined && (account.customerId === null || parseId("Customer", source.customerId) !== account.customerId))
      throw invalidInput([{ field: "source.customerId", message: `does not own ${source.accountId}`, constraint: { owner: account.customerId === null ? null : formatId("Customer", account.customerId) } }]);
    if (account.customerId !== null) assertTermsAnswer({ regulated: read!.txRegulated === true, accepted: read!.txTermsAccepted }, account.customerId);
    const wire: QuoteSource = { sourceType: "ACCOUNT", accountId: formatId("InternalAccount", account.id), ...(account.customerId !== null && { customerId: formatId("Customer", account.customerId) }) };
    return { kind: "ACCOUNT", read, locked, pull: null, customerId: account.customerId, currency: account.currency, wire };
  }
  const errors = [];
  if (!currencyInfo(source.currency)) errors.push({ field: "source.currency", message: `${source.currency} is not a currency the sandbox knows`, constraint: { knownCurrency: true } });
  if (STABLECOINS.has(source.currency) && source.cryptoNetwork === undefined)
    errors.push({ field: "source.cryptoNetwork", message: `is required for ${source.currency}: one of ${REALTIME_CRYPTO_NETWORKS.join(", ")}`, constraint: { enum: REALTIME_CRYPTO_NETWORKS } });
  if (source.cryptoNetwork !== undefined && STABLECOINS.has(source.currency) && !(REALTIME_CRYPTO_NETWORKS as readonly string[]).includes(source.cryptoNetwork))
    errors.push({ field: "source.cryptoNetwork", message: `must be one of ${REALTIME_CRYPTO_NETWORKS.join(", ")}`, constraint: { enum: REALTIME_CRYPTO_NETWORKS } });
  if (errors.length > 0) throw invalidInput(errors);
  let customerId: string | null = null;
  if (source.customerId !== undefined) {
    customerId = (await getCustomerOrThrow(tx, platformId, source.customerId)).id;
    await assertEndUserTermsAccepted(tx, platformId, customerId);
  }
  const wire: QuoteSource = {
    sourceType: "REALTIME_FUNDING",
    currency: source.currency,
    ...(customerId !== null && { customerId: formatId("Customer", customerId) }),
    ...(source.cryptoNetwork !== undefined && { cryptoNetwork: source.cryptoNetwork }),
  };
  return { kind: "REALTIME_FUNDING", read: null, locked: null, pull: null, customerId, currency: source.currency, wire };
}

/** External account statuses a payout may go to (as transfers: pending ownership proof is usable). */
const CAN_RECEIVE = new Set(["ACTIVE", "PENDING_OWNERSHIP_VERIFICATION"]);

async function resolveDestination(tx: SqlLedgerTx, platformId: string, destination: QuoteDestination, source: ResolvedSource): Promise<ResolvedDestination> {
  if (destination.destinationType === "UMA_ADDRESS") {
    const counterparty = resolveSandboxCounterparty(destination.umaAddress);
    if (counterparty.currency !== destination.currency)
      throw new ServiceError("INVALID_CURRENCY", `${counterparty.address} receives ${counterparty.currency} only; set destination.currency to ${counterparty.currency}`, {
        details: { umaAddress: destination.umaAddress, supportedCurrencies: [counterparty.currency] },
      });
    return { kind: "UMA", counterparty, currency: counterparty.currency, paymentRail: null, railSelectionMode: null, wire: { destinationType: "UMA_ADDRESS", umaAddress: destination.umaAddress, currency: counterparty.currency } };
  }
  const { accountId } = destination;
  if (accountId.startsWith("InternalAccount:")) {
    const internal = await getInternalAccountOrThrow(tx, platformId, accountId);
    if (source.locked && internal.id === source.locked.account.id)
      throw new ServiceError("SELF_PAYMENT", `Source and destination are the same account (${accountId}); pick another destination`, { details: { accountId } });
    if (destination.paymentRail !== undefined)
      throw invalidInput([{ field: "destination.paymentRail", message: "cannot be used: an internal account is credited without an external rail", constraint: { notAllowed: true } }]);
    assertCanMoveMoney(internal, "RECEIVE");
    return { kind: "INTERNAL", internal, currency: internal.currency, paymentRail: null, railSelectionMode: null, wire: { destinationType: "ACCOUNT", accountId: formatId("InternalAccount", internal.id) } };
  }
  const external = source.read && accountId.startsWith("ExternalAccount:") ? foundExternalAccount(partiesExternal(source.read), accountId) : await getExternalAccountOrThrow(tx, platformId, accountId).catch((e: unknown) => {
    if (!accountId.startsWith("ExternalAccount:"))
      throw invalidInput([{ field: "destination.accountId", message: "must be `ExternalAccount:<uuid>` or `InternalAccount:<uuid>`", constraint: { pattern: "^(External|Internal)Account:" } }]);
    throw e;
  });
  const externalId = formatId("ExternalAccount", external.id);
  if (source.pull && external.id === source.pull.external.id)
    throw new ServiceError("SELF_PAYMENT", `Source and destination are the same account (${externalId}); pick another destination`, { details: { accountId: externalId } });
  if (source.customerId !== null && external.customerId !== source.customerId)
    throw invalidInput([
      {
        field: "destination.accountId",
        message: `belongs to ${external.customerId === null ? "the platform" : "another customer"}, not to the source's owner ${formatId("Customer", source.customerId)}`,
        constraint: { sameOwner: true },
      },
    ]);
  if (source.customerId === null && external.customerId !== null && source.kind === "REALTIME_FUNDING")
    throw invalidInput([{ field: "destination.accountId", message: "belongs to a customer: name that customer in source.customerId", constraint: { sameOwner: true } }]);
  if (!CAN_RECEIVE.has(external.status)) {
    if (external.status === "UNVERIFIED")
      throw new ServiceError("EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED", `External account ${externalId} is UNVERIFIED: prove ownership first`, { details: { accountId: externalId, accountStatus: external.status } });
    throw new ServiceError("CONFLICT", `External account ${externalId} is ${external.status} and cannot receive funds; only ACTIVE accounts can`, { details: { accountId: externalId, accountStatus: external.status } });
  }
  const rail = chooseRail(external, destination.paymentRail, "destination.paymentRail");
  return {
    kind: "EXTERNAL",
    external,
    currency: external.currency,
    paymentRail: rail.paymentRail,
    railSelectionMode: rail.railSelectionMode,
    wire: { destinationType: "ACCOUNT", accountId: externalId, ...(rail.paymentRail !== null && { paymentRail: rail.paymentRail as PaymentRail }) },
  };
}

/**
 * The lookup must be this platform's, for this receiver, and the payer data it marked mandatory
 * must be in senderCustomerInfo (by its name, FULL_NAME, or camelCase, fullName).
 * Throws: LOOKUP_REQUEST_NOT_FOUND; INVALID_INPUT naming each missing field.
 */
async function checkLookup(tx: SqlLedgerTx, platformId: string, request: QuoteRequest, destination: ResolvedDestination): Promise<void> {
  const lookup = await getReceiverLookupOrThrow(tx, platformId, request.lookupId!);
  const matches =
    (destination.kind === "UMA" && lookup.receiverUmaAddress?.toLowerCase() === destination.counterparty!.address) ||
    (destination.kind === "EXTERNAL" && lookup.accountId === destination.external!.id);
  if (!matches)
    throw invalidInput([{ field: "lookupId", message: "was made for another receiver; look up this destination with GET /receiver/… and use that lookupId", constraint: { sameReceiver: true } }]);
  const required = ((lookup.response as { requiredPayerDataFields?: { name: string; mandatory: boolean }[] }).requiredPayerDataFields ?? []).filter((f) => f.mandatory);
  const info = request.senderCustomerInfo ?? {};
  const camel = (name: string) => name.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const missing = required.filter((f) => info[f.name] === undefined && info[camel(f.name)] === undefined);
  if (missing.length > 0)
    throw invalidInput(
      missing.map((f) => ({ field: `senderCustomerInfo.${f.name}`, message: "is required by the receiver (see the lookup's requiredPayerDataFields)", constraint: { required: true } })),
      `The receiver asks for ${missing.map((f) => f.name).join(", ")} about the payer: add them to senderCustomerInfo`,
    );
}

function transactionColumns(platformId: string, source: ResolvedSource, destination: ResolvedDestination, request: QuoteRequest, amounts: SendingLockedAmounts, at: Date) {
  const account = source.locked?.account;
  const pulled = source.pull?.external;
  const sourceWire =
    source.kind === "ACCOUNT"
      ? { sourceType: "ACCOUNT", accountId: pulled ? formatId("ExternalAccount", pulled.id) : formatId("InternalAccount", account!.id), currency: source.currency }
      : { sourceType: "REALTIME_FUNDING", currency: source.currency, ...(source.customerId !== null && { customerId: formatId("Customer", source.customerId) }) };
  const statementDescriptor = request.statementDescriptor ?? DEFAULT_STATEMENT_DESCRIPTOR;
  const destinationWire =
    destination.kind === "UMA"
      ? { destinationType: "UMA_ADDRESS", umaAddress: destination.counterparty!.address, currency: destination.currency }
      : { destinationType: "ACCOUNT", accountId: (destination.wire as { accountId: string }).accountId, currency: destination.currency };
  return {
    platformId,
    // Every quote's transaction is OUTGOING, a pull-funded one too, even into the payer's own internal
    // account: the quote lifecycle and its webhooks are OUTGOING_PAYMENT.* (BEHAVIORS.md §2.6, §3.2,
    // 10.1; SPEC.md § Events: "an outgoing payment (including on-ramp and off-ramp conversion)"), and
    // only the outgoing shape carries the quote's sending-side fees, platformFees and full rateDetails.
    // The deprecated POST /transfer-in stays INCOMING (§2.8).
    type: "OUTGOING",
    origin: QUOTE_ORIGIN,
    sourceAccountId: account?.id ?? pulled?.id ?? null,
    destinationAccountId: destination.internal?.id ?? destination.external?.id ?? null,
    source: sourceWire,
    destination: destinationWire,
    sourceSnapshot: account ? internalSnapshot(account) : pulled ? externalSnapshot(pulled) : undefined,
    destinationSnapshot: destination.external ? externalSnapshot(destination.external) : destination.internal ? internalSnapshot(destination.internal) : { umaAddress: destination.counterparty!.address },
    senderIdentifiers: account ? internalIdentifiers(account) : pulled ? externalIdentifiers(pulled) : [],
    receiverIdentifiers: destination.external ? externalIdentifiers(destination.external) : destination.internal ? internalIdentifiers(destination.internal) : [destination.counterparty!.address],
    sentAmount: amounts.sendingAmount,
    sentCurrency: source.currency,
    receivedAmount: amounts.receivingAmount,
    receivedCurrency: destination.currency,
    fees: amounts.feesIncluded,
    platformFees: amounts.platformFeesIncluded,
    paymentRail: destination.paymentRail,
    railSelectionMode: destination.railSelectionMode,
    expectedSettlementAt: expectedSettlementAt(destination.paymentRail, at),
    // A pull's ACH entry (as POST /transfer-in's) on the source side; the payout's on the destination side.
    sourceRailDetails: source.pull ? (railDetailsFor(source.pull.paymentRail, "PENDING", statementDescriptor) ?? undefined) : undefined,
    destinationRailDetails: railDetailsFor(destination.paymentRail, "PENDING", statementDescriptor) ?? undefined,
    description: request.description ?? request.remittanceInformation ?? null,
    remittanceInformation: request.remittanceInformation ?? null,
    purposeOfPayment: request.purposeOfPayment ?? null,
  } satisfies Omit<CreateTransactionInput, "status">;
}

/** `rateDetails` (BEHAVIORS.md §2.3, 10.12): serviceApiMultiplier = (1 − sv)/x in minor units. */
function rateDetailsFor(sending: string, receiving: string, fees: FeeSchedule, amounts: SendingLockedAmounts) {
  const rate = exchangeRateScaled(sending, receiving);
  const shift = decimalsOf(receiving) - decimalsOf(sending);
  const multiplier =
    ((10_000n - fees.serviceVariableBps) * RATE_SCALE * RATE_SCALE * 10n ** BigInt(Math.max(shift, 0))) / (10_000n * rate * 10n ** BigInt(Math.max(-shift, 0)));
  return {
    counterpartyMultiplier: 1,
    counterpartyFixedFee: 0,
    serviceApiMultiplier: rateToNumber(multiplier),
    serviceApiFixedFee: Number(fees.serviceFixedFee),
    serviceApiVariableFeeRate: Number(fees.serviceVariableBps) / 10_000,
    serviceApiVariableFeeAmount: Number(amounts.serviceVariableFee),
  };
}

/** The exact decimal text of a scaled rate, for the Decimal column. */
function rateDecimal(scaled: bigint): string {
  return rateToDecimal(scaled);
}

