import { createHash } from "node:crypto";
import { bech32m } from "@scure/base";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db, DbOrTx } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId, parseId, uuidv7, notFoundMessage } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import { getExternalAccountOrThrow } from "../external-accounts/get-external-account-or-throw";
import { sandboxSuffix } from "../external-accounts/primary-identifier";
import { accountTypeSpec } from "../external-accounts/account-types";
import { assertCanMoveMoney } from "../internal-accounts/account-can-move-money";
import { getInternalAccountOrThrow } from "../internal-accounts/get-internal-account-or-throw";
import type { InternalAccountRow } from "../internal-accounts/serialize-internal-account";
import { now } from "../sandbox/clock";
import { currencyInfo } from "../sandbox/currencies";
import { lockLiveParties, type PaymentParties } from "../transfers/lock-live-parties";
import { assertOperationSize, tokenAmountInCurrencyUnits, tokenAmountToCents } from "./amounts";
import { AUTO_FUND_SECONDS, FUNDING_WINDOW_MS, PROVIDER_STEP_SECONDS, emitOperationEvent, scheduleStep } from "./operation-status";
import { isFormOfBaseCurrency } from "./peg";
import { assertProviderBalanceCovers } from "./provider-balance";
import { assertLinkUsable, getProviderAccountOrThrow } from "./provider-accounts";
import type { BurnRequest, MintRequest, Operation, OperationListQuery } from "./schemas";
import { serializeOperation, type StablecoinRow } from "./serialize";
import { getStablecoinOrThrow } from "./stablecoins";

/** Sandbox: an operation awaiting funds whose fiat value in cents ends in 005 is never funded automatically (to exercise expiry). */
export const neverAutoFunded = (cents: bigint) => cents % 1000n === 5n;

/** Sandbox: an external account whose identifier ends in 002 or 004 makes the provider step fail. */
const FAILING_SUFFIXES = new Set(["002", "004", "112", "114"]);
export const PROVIDER_TRANSFER_FAILED = "PROVIDER_TRANSFER_FAILED";

const TIMING: Record<string, string> = {
  WIRE: "same business day",
  ACH_CREDIT: "1-3 business days",
  SAME_DAY_ACH_CREDIT: "same business day",
  RTP_CREDIT: "within minutes",
};

function reserved(what: string): ServiceError {
  return new ServiceError("NOT_IMPLEMENTED", `${what} is reserved and not available yet. Use one of the other types.`);
}

async function externalAccount(db: DbOrTx, platformId: string, id: string, field: string) {
  return getExternalAccountOrThrow(db, platformId, id).catch(notFoundAs(field, `${field}: external account ${id} not found`));
}

/**
 * A missing account answers 404 naming the request's field. Any other failure (the database's: a
 * deadlock, a broken connection) stays what it is, a retryable answer never stored under a key.
 */
function notFoundAs(field: string, message: string) {
  return (e: unknown): never => {
    if (e instanceof ServiceError && e.code === "NOT_FOUND") throw new ServiceError("NOT_FOUND", message, { details: { field } });
    throw e;
  };
}

function failureFor(account: { accountType: string; accountInfo: unknown }): string | null {
  return FAILING_SUFFIXES.has(sandboxSuffix(account.accountType, account.accountInfo as Record<string, unknown>)) ? PROVIDER_TRANSFER_FAILED : null;
}

interface Plan {
  source: Record<string, unknown>;
  destination: Record<string, unknown>;
  awaitsFunds: boolean;
  fundingInstructions?: Record<string, unknown>;
  estimatedDelivery?: Record<string, unknown>;
  sandboxFailure: string | null;
  /** Whose money it is: refused at creation once deleted (lockLiveParties). */
  parties: PaymentParties;
}

async function planMint(db: Db, platformId: string, request: MintRequest, coin: StablecoinRow, cents: bigint, id: string): Promise<Plan> {
  const fs = request.fundingSource;
  if (fs.type === "SERVICE_INTERNAL_ACCOUNT" || fs.type === "PROVIDER_INTERNAL_BALANCE") throw reserved(`fundingSource.type ${fs.type}`);
  let destinationOwner: string | null;
  let destinationExternalId: string | null = null;
  const destId = request.destination.accountId;
  if (parseId("InternalAccount", destId)) {
    const account = await getInternalAccountOrThrow(db, platformId, destId).catch(notFoundAs("destination.accountId", `destination.accountId: internal account ${destId} not found`));
    assertCanHoldTokens(account, coin, request.amount);
    destinationOwner = account.customerId;
  } else if (destId.startsWith("ExternalAccount:")) {
    const account = await externalAccount(db, platformId, destId, "destination.accountId");
    if (account.accountType !== "SPARK_WALLET" || account.status !== "ACTIVE")
      throw invalidInput([{ field: "destination.accountId", message: "must be an ACTIVE SPARK_WALLET external account (tokens are minted on Spark)", constraint: { accountType: "SPARK_WALLET" } }]);
    destinationOwner = account.customerId;
    destinationExternalId = account.id;
  } else throw invalidInput([{ field: "destination.accountId", message: "must be an ExternalAccount:… (Spark wallet) or InternalAccount:… id", constraint: { format: "id" } }]);
  const destination = { accountId: destId };

  if (fs.type === "WIRE")
    return {
      source: { type: "WIRE" },
      destination,
      awaitsFunds: true,
      fundingInstructions: {
        rail: "WIRE",
        bankName: "Sandbox Provider Bank",
        accountNumber: "900000" + createHash("sha256").update(id).digest("hex").replace(/[a-f]/g, "").slice(0, 6).padEnd(6, "7"),
        routingNumber: "021000021",
        reference: `MINT-${id.slice(-12).toUpperCase()}`,
        amount: cents.toString(),
        currency: "USD",
      },
      estimatedDelivery: { rail: "SPARK", currency: "USD", amount: cents.toString(), timing: "minutes after the wire arrives" },
      sandboxFailure: null,
      parties: { customerIds: [destinationOwner], externalAccountId: destinationExternalId },
    };
  const funder = await externalAccount(db, platformId, fs.externalAccountId, "fundingSource.externalAccountId");
  assertAchDebitable(funder, fs.type);
  assertSameOwner(funder.customerId, destinationOwner, fs.externalAccountId);
  return {
    source: { type: fs.type, externalAccountId: fs.externalAccountId },
    destination,
    awaitsFunds: false,
    estimatedDelivery: { rail: "SPARK", currency: "USD", amount: cents.toString(), timing: fs.type === "ACH_DEBIT" ? "1-3 business days" : "same business day" },
    sandboxFailure: failureFor(funder),
    // The same owner (assertSameOwner); the bank debited is the external account checked.
    parties: { customerIds: [destinationOwner], externalAccountId: funder.id },
  };
}

/**
 * A mint to an internal account credits it in the token's currency, so the account must hold that
 * currency (BEHAVIORS.md §6.3) and be able to receive. One token is credited as one unit of it, so
 * the currency must be worth one baseCurrency unit, the token's backing (peg.ts): a coin registered
 * before registration refused other currencies (a BTC token backed by one dollar) is refused here.
 * Throws: INVALID_INPUT; CONFLICT (not ACTIVE).
 */
function assertCanHoldTokens(account: InternalAccountRow, coin: StablecoinRow, amount: string): void {
  const tokenCurrency = coin.currency ?? coin.symbol;
  if (currencyInfo(tokenCurrency) && !isFormOfBaseCurrency(tokenCurrency, coin.baseCurrency))
    throw invalidInput([
      {
        field: "destination.accountId",
        message: `cannot be an internal account: the stablecoin's currency ${tokenCurrency} is not a form of its baseCurrency ${coin.baseCurrency}, while each token is backed by one ${coin.baseCurrency}, so crediting it as ${tokenCurrency} would create or lose value. Mint to an ACTIVE SPARK_WALLET ExternalAccount instead`,
        constraint: { baseCurrency: coin.baseCurrency },
      },
    ]);
  if (account.currency !== tokenCurrency) {
    // Sandbox: the currency is derived from providerTokenIdentifier (sandboxTokenMetadata); say so when no account can ever hold it.
    const derived = `${tokenCurrency} is the stablecoin's currency (sandbox: the first 6 letters and digits of providerTokenIdentifier ${coin.providerTokenIdentifier}, upper-cased)`;
    const held = currencyInfo(tokenCurrency)
      ? `this one holds ${account.currency}`
      : `no internal account can hold ${tokenCurrency}, as it is not a supported currency: mint to an ACTIVE SPARK_WALLET ExternalAccount instead, or register a token whose identifier is a supported currency code (usdb, usdc, usdt, with an optional -d<N>)`;
    throw invalidInput([{ field: "destination.accountId", message: `must be an internal account holding ${tokenCurrency}; ${derived}; ${held}`, constraint: { currency: tokenCurrency } }]);
  }
  assertCanMoveMoney(account, "RECEIVE");
  tokenAmountInCurrencyUnits(amount, coin.decimals, currencyInfo(tokenCurrency)?.decimals ?? coin.decimals);
}

/** An ACH debit pulls from a US bank account on the ACH rail (BEHAVIORS.md §1.4, §6.3); a wallet or a foreign bank cannot be debited. Throws: INVALID_INPUT. */
function assertAchDebitable(account: { accountType: string }, type: "ACH_DEBIT" | "SAME_DAY_ACH_DEBIT"): void {
  const rail = type === "SAME_DAY_ACH_DEBIT" ? "ACH_SAME_DAY" : "ACH";
  const spec = accountTypeSpec(account.accountType);
  if (spec?.kind === "BANK" && spec.rails.includes(rail)) return;
  throw invalidInput([
    { field: "fundingSource.externalAccountId", message: `must be a US bank account (USD_ACCOUNT) that can be debited by ACH; this one is a ${account.accountType}`, constraint: { accountType: "USD_ACCOUNT", rail } },
  ]);
}

const ownerName = (customerId: string | null) => (customerId === null ? "the platform" : formatId("Customer", customerId));

/**
 * An ACH mint debits one owner's bank and credits the tokens to the same owner (a customer, or the
 * platform), as quotes and transfers refuse to move one customer's money to another's account.
 * Throws: INVALID_INPUT naming destination.accountId.
 */
function assertSameOwner(funderOwner: string | null, destinationOwner: string | null, funderId: string): void {
  if (funderOwner === destinationOwner) return;
  throw invalidInput([
    {
      field: "destination.accountId",
      message: `belongs to ${destinationOwner === null ? "the platform" : "another customer"}, not to the owner of fundingSource.externalAccountId ${funderId} (${ownerName(funderOwner)}): mint into an account of the same owner`,
      constraint: { sameOwner: true },
    },
  ]);
}

/**
 * A burn pays out one baseCurrency unit per token (peg.ts) and prices no exchange, so the payout
 * bank must hold the baseCurrency: paying its cents into a EUR account would credit euros for
 * dollars. Throws: INVALID_INPUT naming destination.externalAccountId.
 */
function assertPaysOutBaseCurrency(bank: { currency: string; accountType: string }, baseCurrency: string): void {
  if (isFormOfBaseCurrency(bank.currency, baseCurrency)) return;
  throw invalidInput([
    {
      field: "destination.externalAccountId",
      message: `must be a bank account in ${baseCurrency}, the stablecoin's baseCurrency: a burn pays out one ${baseCurrency} per token and converts no currency, and this one is a ${bank.currency} account (${bank.accountType}). Burn to a ${baseCurrency} bank account`,
      constraint: { currency: baseCurrency },
    },
  ]);
}

/** Sandbox deposit address of an external-wallet burn: a bech32m Spark address (`sparkrt1…`), as SPARK_WALLET external accounts take. */
export function sandboxBurnDepositAddress(operationId: string): string {
  return bech32m.encode("sparkrt", bech32m.toWords(createHash("sha256").update(operationId).digest()), 200);
}

async function planBurn(db: Db, platformId: string, request: BurnRequest, coin: StablecoinRow, cents: bigint, id: string): Promise<Plan> {
  if (request.source.type === "SERVICE_INTERNAL_ACCOUNT") throw reserved("source.type SERVICE_INTERNAL_ACCOUNT");
  const bank = await externalAccount(db, platformId, request.destination.externalAccountId, "destination.externalAccountId");
  if (bank.accountType.endsWith("_WALLET"))
    throw invalidInput([{ field: "destination.externalAccountId", message: "must be a bank account: burns pay out fiat", constraint: { accountKind: "BANK" } }]);
  assertPaysOutBaseCurrency(bank, coin.baseCurrency);
  const destination = { accountId: request.destination.externalAccountId, rail: request.destination.rail };
  const estimatedDelivery = { rail: request.destination.rail, amount: cents.toString(), currency: coin.baseCurrency, timing: TIMING[request.destination.rail] };
  const parties = { externalAccountId: bank.id };
  if (request.source.type === "EXTERNAL_ACCOUNT")
    return {
      source: { type: "EXTERNAL_ACCOUNT" },
      destination,
      awaitsFunds: true,
      fundingInstructions: { rail: "SPARK", network: "SPARK", address: sandboxBurnDepositAddress(id), valueType: coin.symbol },
      estimatedDelivery,
      sandboxFailure: failureFor(bank),
      parties,
    };
  return { source: { type: "PROVIDER_INTERNAL_BALANCE" }, destination, awaitsFunds: false, estimatedDelivery, sandboxFailure: failureFor(bank), parties };
}

/**
 * POST /stablecoins/{id}/mints and …/burns (BEHAVIORS.md §6.3). Validates the whole-cent rule,
 * the link (INVALID / REVOKED → 400, provider down → 503) and every referenced account (404), then
 * stores the operation past CREATED: PENDING_FUNDING with `fundingInstructions` and `expiresAt`
 * (wire mint, external-wallet burn; auto-funded after 30 s in sandbox) or PENDING_PROVIDER. Its
 * next steps are scheduled and its status webhook queued in the same transaction, which
 * share-locks the customer whose account it credits or pays out to (lockLiveParties), so a racing
 * DELETE /customers runs wholly before (410) or after it; operations already created run on.
 * Throws: NOT_FOUND; INVALID_INPUT; CUSTOMER_DELETED; TRANSACTION_SIZE_LIMIT_EXCEEDED (over USD 10,000,000); CONFLICT (internal destination not ACTIVE); STABLECOIN_PROVIDER_ACCOUNT_*; SERVICE_UNAVAILABLE; NOT_IMPLEMENTED (reserved types).
 */
export async function createOperation(
  db: Db,
  input: { platformId: string; stablecoinId: string } & ({ operationType: "MINT"; request: MintRequest } | { operationType: "BURN"; request: BurnRequest }),
): Promise<Operation> {
  const { platformId } = input;
  const coin = await getStablecoinOrThrow(db, platformId, input.stablecoinId);
  const link = await getProviderAccountOrThrow(db, platformId, coin.providerAccountId, { allowBare: true });
  assertLinkUsable(link);
  const cents = tokenAmountToCents(input.request.amount, coin.decimals);
  assertOperationSize(cents, coin.baseCurrency, coin.decimals);
  const at = await now(db, platformId);
  const id = uuidv7(at.getTime());
  const plan = input.operationType === "MINT" ? await planMint(db, platformId, input.request, coin, cents, id) : await planBurn(db, platformId, input.request, coin, cents, id);
  const expiresAt = plan.awaitsFunds ? new Date(at.getTime() + FUNDING_WINDOW_MS) : null;

  return db.$transaction(async (tx) => {
    await lockLiveParties(tx, platformId, plan.parties);
    if (input.operationType === "BURN" && input.request.source.type === "PROVIDER_INTERNAL_BALANCE") await assertProviderBalanceCovers(tx, coin, input.request.amount);
    const row = await tx.stablecoinOperation.create({
      data: {
        id,
        platformId,
        stablecoinId: coin.id,
        providerAccountId: link.id,
        operationType: input.operationType,
        status: plan.awaitsFunds ? "PENDING_FUNDING" : "PENDING_PROVIDER",
        amount: input.request.amount.replace(/^0+(?=\d)/, ""),
        fiatAmount: cents,
        fiatCurrency: coin.baseCurrency,
        source: plan.source as Prisma.InputJsonValue,
        destination: plan.destination as Prisma.InputJsonValue,
        ...(plan.fundingInstructions && { fundingInstructions: plan.fundingInstructions as Prisma.InputJsonValue }),
        ...(plan.estimatedDelivery && { estimatedDelivery: plan.estimatedDelivery as Prisma.InputJsonValue }),
        expiresAt,
        providerStatus: plan.awaitsFunds ? "awaiting_funds" : "submitted",
        description: input.request.description ?? null,
        sandboxFailure: plan.sandboxFailure,
        createdAt: at,
        updatedAt: at,
      },
    });
    await emitOperationEvent(tx, row);
    if (expiresAt) {
      if (!neverAutoFunded(cents)) await scheduleStep(tx, row, "FUNDS_RECEIVED", new Date(at.getTime() + AUTO_FUND_SECONDS * 1000));
      await scheduleStep(tx, row, "EXPIRE", expiresAt);
    } else await scheduleStep(tx, row, "PROVIDER_ACCEPTED", new Date(at.getTime() + PROVIDER_STEP_SECONDS * 1000));
    return serializeOperation(row, link);
  });
}

/** Throws: NOT_FOUND (unknown, malformed or another platform's id). */
export async function getOperation(db: Db, platformId: string, operationId: string): Promise<Operation> {
  const id = parseId("StablecoinOperation", operationId);
  const row = id ? await db.stablecoinOperation.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("StablecoinOperation", operationId));
  const link = await db.stablecoinProviderAccount.findUniqueOrThrow({ where: { id: row.providerAccountId } });
  return serializeOperation(row, link);
}

/** GET /stablecoins/{id}/operations: newest first. Throws: NOT_FOUND for the stablecoin. */
export async function listOperations(db: Db, input: { platformId: string; stablecoinId: string; query: OperationListQuery }): Promise<Page<Operation>> {
  const { platformId, query } = input;
  const coin = await getStablecoinOrThrow(db, platformId, input.stablecoinId);
  const link = await db.stablecoinProviderAccount.findUniqueOrThrow({ where: { id: coin.providerAccountId } });
  const where: Prisma.StablecoinOperationWhereInput = { platformId, stablecoinId: coin.id, ...(query.operationType !== undefined && { operationType: query.operationType }) };
  const [rows, count] = await Promise.all([
    db.stablecoinOperation.findMany({ where: { AND: [where, afterCursor(decodeCursor(query.cursor))] }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 }),
    db.stablecoinOperation.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, (row) => serializeOperation(row, link));
}

export const operationIdOf = (uuid: string) => formatId("StablecoinOperation", uuid);
