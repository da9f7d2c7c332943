import { Prisma } from "@/lib/generated/prisma/client";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { insufficientBalance } from "./insufficient-balance";
import { LedgerInvariantError } from "./ledger-invariant-error";
import { lockLedgerAccounts, type LockedLedgerAccount } from "./lock-ledger-accounts";
import { inTransaction, notInTransaction, type SqlLedgerTx } from "./ledger-tx";

/** One leg: a signed amount on one account (positive raises the account's balance). */
export interface LedgerEntryInput {
  ledgerAccountId: string;
  amount: bigint;
}

export interface LedgerPostingInput {
  platformId: string;
  /** What moved the money, e.g. TRANSFER_OUT, SANDBOX_FUND, CARD_CAPTURE. */
  kind: string;
  description?: string;
  /** When the movement counts for balance history; defaults to the platform's clock now. */
  effectiveAt?: Date;
  /** The payment Transaction (bare uuid) this movement belongs to. */
  transactionId?: string;
  entries: LedgerEntryInput[];
  /**
   * Accounts a later posting of the same database transaction will touch: locked now, in the same
   * ordered statement, so a payment that posts twice never waits for an account while holding one
   * it took earlier (A→B beside B→A would deadlock). Their balances are not changed here.
   */
  alsoLock?: string[];
  /**
   * A check the caller started just before and has not awaited (a payout's assertDailyVolume): its
   * statement then goes out with the lock's in one write, and its failure wins over the posting's
   * own (INSUFFICIENT_BALANCE), as if it had run first.
   */
  alongside?: Promise<unknown>;
}

export interface AccountBalance {
  ledgerAccountId: string;
  internalAccountId: string | null;
  currency: string;
  posted: bigint;
  held: bigint;
  available: bigint;
  /** When the posting moved it (the account's updatedAt). */
  updatedAt: Date;
}

export interface PostedLedgerTransaction {
  id: string;
  platformId: string;
  kind: string;
  transactionId: string | null;
  effectiveAt: Date;
  entries: { id: string; ledgerAccountId: string; currency: string; amount: bigint }[];
  /** Each touched account's balances after the posting, e.g. for INTERNAL_ACCOUNT.BALANCE_UPDATED. */
  balances: AccountBalance[];
}

/**
 * The one write path for entries and cached balances, shared by postLedgerTransaction(s) and
 * captureHold (which also releases a hold's reservation under the same locks). Several postings
 * of one payment (a quote's debit and settlement) take their accounts' locks in one ordered
 * statement and are checked in order, each against the balances the ones before it leave. Every
 * check runs before the first write, so a refused posting leaves nothing behind even if the
 * caller goes on. Internal to the ledger. Throws: LedgerInvariantError, INSUFFICIENT_BALANCE.
 */
export async function applyPostings(
  tx: SqlLedgerTx,
  inputs: LedgerPostingInput[],
  options: { id?: string; /** captureHold: release this hold's reservation and mark it CAPTURED in the same statement */ capture?: { holdId: string; ledgerAccountId: string; amount: bigint; at: Date } } = {},
): Promise<PostedLedgerTransaction[]> {
  if (inputs.length === 0) return [];
  if ((options.id || options.capture) && inputs.length > 1) throw new LedgerInvariantError("An id or a hold capture names one posting");
  const platformId = inputs[0]!.platformId;
  if (inputs.some((input) => input.platformId !== platformId)) throw new LedgerInvariantError("Postings made together belong to one platform");
  // Handled from the start: validate may throw before it is awaited.
  const checking = Promise.allSettled(inputs.map((input) => input.alongside));
  const nets = inputs.map(validate);
  const heldDelta = new Map<string, bigint>();
  if (options.capture) heldDelta.set(options.capture.ledgerAccountId, -options.capture.amount);

  const locking = lockLedgerAccounts(tx, platformId, [...nets.flatMap((net) => [...net.keys()]), ...heldDelta.keys(), ...inputs.flatMap((input) => input.alsoLock ?? [])]);
  const [checks] = await Promise.all([checking, locking.catch(() => undefined)]);
  for (const check of checks) if (check.status === "rejected") throw check.reason;
  const { accounts, xid } = await locking;
  // Each account's balances as the postings so far leave them.
  const running = new Map([...accounts.values()].map((a) => [a.id, { posted: a.postedBalance, held: a.heldAmount }]));
  const at = await now(tx, platformId);
  const planned = inputs.map((input, i) => {
    const netByAccount = nets[i]!;
    const heldHere = i === 0 ? heldDelta : new Map<string, bigint>();
    assertBalancedPerCurrency(netByAccount, accounts);
    const touched = [...accounts.values()].filter((a) => netByAccount.has(a.id) || heldHere.has(a.id));
    const balances = touched.map((account): AccountBalance => {
      const before = running.get(account.id)!;
      const net = netByAccount.get(account.id) ?? 0n;
      const held = before.held + (heldHere.get(account.id) ?? 0n);
      if (held < 0n) throw new LedgerInvariantError(`Ledger account ${account.id} would hold ${held}, less than nothing`);
      const available = before.posted - held;
      // Credits are always accepted; only a debit can break a non-negative account.
      if (!account.allowNegative && net < 0n && available + net < 0n) throw insufficientBalance(account, available, -net);
      const posted = before.posted + net;
      running.set(account.id, { posted, held });
      return { ledgerAccountId: account.id, internalAccountId: account.internalAccountId, currency: account.currency, posted, held, available: posted - held, updatedAt: at };
    });
    const id = options.id ?? uuidv7(at.getTime());
    const effectiveAt = input.effectiveAt ?? at;
    const entries = input.entries.map((entry) => ({
      id: uuidv7(at.getTime()),
      ledgerAccountId: entry.ledgerAccountId,
      currency: accounts.get(entry.ledgerAccountId)!.currency,
      amount: entry.amount,
    }));
    const statement = write(xid, { ...input, id, effectiveAt, at, transactionId: input.transactionId ?? null }, entries, touched, netByAccount, heldHere, i === 0 ? options.capture : undefined);
    const posted: PostedLedgerTransaction = { id, platformId, kind: input.kind, transactionId: input.transactionId ?? null, effectiveAt, entries, balances };
    return { statement, touched: touched.length, posted };
  });
  // Nothing reads the writes' answers: the accounts are locked, so their balances after them are
  // known here. On a pg connection they go out with the transaction's next statement or its COMMIT
  // (one round trip less while the locks are held); elsewhere they run now and their rows prove
  // they ran in the locking transaction.
  for (const { statement, touched } of planned) {
    if (tx.$defer) tx.$defer(statement);
    else if ((await tx.$executeRaw(statement)) !== touched) throw notInTransaction();
  }
  return planned.map((p) => p.posted);
}

/** applyPostings for one posting. */
export async function applyPosting(tx: SqlLedgerTx, input: LedgerPostingInput, options: Parameters<typeof applyPostings>[2] = {}): Promise<PostedLedgerTransaction> {
  const [posted] = await applyPostings(tx, [input], options);
  return posted!;
}

/**
 * The statement that inserts the ledger transaction and its entries and moves the cached balances.
 * bigint arrays travel as text and are cast by PostgreSQL, so no amount ever passes through a JS
 * number. It updates no row when run outside the locking transaction.
 */
function write(
  xid: string,
  ledgerTransaction: { id: string; platformId: string; kind: string; description?: string; transactionId: string | null; effectiveAt: Date; at: Date },
  entries: { id: string; ledgerAccountId: string; currency: string; amount: bigint }[],
  accounts: LockedLedgerAccount[],
  netByAccount: Map<string, bigint>,
  heldDelta: Map<string, bigint>,
  capture?: { holdId: string; at: Date },
) {
  const { id, platformId, kind, description, transactionId, effectiveAt, at } = ledgerTransaction;
  const captured = capture
    ? Prisma.sql`captured AS (
      UPDATE "Hold" SET "status" = 'CAPTURED', "capturedAt" = ${capture.at}::timestamptz, "ledgerTransactionId" = ${id}::uuid
      FROM guard WHERE "id" = ${capture.holdId}::uuid AND "platformId" = ${platformId}::uuid
    ),`
    : Prisma.empty;
  return Prisma.sql`
    WITH guard AS (${inTransaction(xid)}),
    ${captured}
    ltx AS (
      INSERT INTO "LedgerTransaction" ("id", "platformId", "kind", "description", "transactionId", "effectiveAt", "createdAt")
      SELECT ${id}::uuid, ${platformId}::uuid, ${kind}, ${description ?? null}::text, ${transactionId}::uuid, ${effectiveAt}::timestamptz, ${at}::timestamptz
      FROM guard
      RETURNING "id"
    ),
    ent AS (
      INSERT INTO "LedgerEntry" ("id", "platformId", "ledgerTransactionId", "ledgerAccountId", "currency", "amount", "effectiveAt")
      SELECT e.id, ${platformId}::uuid, ltx."id", e.account, e.currency, e.amount, ${effectiveAt}::timestamptz
      FROM ltx, unnest(
        ${entries.map((e) => e.id)}::uuid[], ${entries.map((e) => e.ledgerAccountId)}::uuid[],
        ${entries.map((e) => e.currency)}::text[], ${entries.map((e) => e.amount.toString())}::bigint[]
      ) AS e(id, account, currency, amount)
    )
    UPDATE "LedgerAccount" AS a
    SET "postedBalance" = a."postedBalance" + d.posted, "heldAmount" = a."heldAmount" + d.held, "updatedAt" = ${at}::timestamptz
    FROM guard, unnest(
      ${accounts.map((a) => a.id)}::uuid[],
      ${accounts.map((a) => (netByAccount.get(a.id) ?? 0n).toString())}::bigint[],
      ${accounts.map((a) => (heldDelta.get(a.id) ?? 0n).toString())}::bigint[]
    ) AS d(id, posted, held)
    WHERE a."id" = d.id AND a."platformId" = ${platformId}::uuid`;
}

/** Shape checks that need no database; returns the net amount per account. */
function validate(input: LedgerPostingInput): Map<string, bigint> {
  if (input.kind.trim() === "") throw new LedgerInvariantError("A ledger transaction needs a kind");
  if (input.entries.length === 0) throw new LedgerInvariantError("A ledger transaction needs at least one entry");
  const net = new Map<string, bigint>();
  for (const entry of input.entries) {
    // JS callers could slip a number through `as`; money is never a float.
    if (typeof entry.amount !== "bigint") throw new LedgerInvariantError(`Entry amount on ${entry.ledgerAccountId} is a ${typeof entry.amount}, not a bigint`);
    if (entry.amount === 0n) throw new LedgerInvariantError(`Entry amount on ${entry.ledgerAccountId} is zero`);
    net.set(entry.ledgerAccountId, (net.get(entry.ledgerAccountId) ?? 0n) + entry.amount);
  }
  return net;
}

function assertBalancedPerCurrency(netByAccount: Map<string, bigint>, accounts: Map<string, LockedLedgerAccount>): void {
  const sums = new Map<string, bigint>();
  for (const [accountId, net] of netByAccount) {
    const currency = accounts.get(accountId)!.currency;
    sums.set(currency, (sums.get(currency) ?? 0n) + net);
  }
  const unbalanced = [...sums].filter(([, sum]) => sum !== 0n);
  if (unbalanced.length > 0)
    throw new LedgerInvariantError(`Ledger entries must sum to zero per currency; they sum to ${unbalanced.map(([c, s]) => `${s} ${c}`).join(", ")}`);
}
