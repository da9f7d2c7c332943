import type { LedgerAccount, LedgerAccountKind } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";

/** A system account as postings need it: which row, not its balance (systemAccountBalance reads that). */
export type SystemAccount = Pick<LedgerAccount, "id" | "platformId" | "currency" | "kind">;

/** The Service's own accounts of one currency, all from one shard (SYSTEM_ACCOUNT_SHARDS). */
export interface SystemAccounts {
  /** Money in transit to or from rails: debited when funds arrive, credited when they leave. */
  clearing: SystemAccount;
  /** The Service's own fee income. */
  fees: SystemAccount;
  /** The Service's position from currency conversions. */
  fx: SystemAccount;
}

const SYSTEM_KINDS = { clearing: "SERVICE_CLEARING", fees: "SERVICE_FEES", fx: "SERVICE_FX" } as const satisfies Record<keyof SystemAccounts, LedgerAccountKind>;

/**
 * Every payment posts to these accounts, and a posting holds its accounts' row locks until commit,
 * so one row per kind and currency would queue all of a platform's payments behind each other.
 * Each kind is split into interchangeable shards (its balance is their sum: systemAccountBalance).
 * More shards than a process has pooled connections (DATABASE_POOL_SIZE, 10), so the payments one
 * process runs at once never need to share one.
 */
export const SYSTEM_ACCOUNT_SHARDS = 16;

// One shard per database transaction and currency: a payment's postings then lock the same rows
// each time, so two payments cannot each hold a shard the other wants next (a random pick per
// posting deadlocks multi-posting payments such as quotes). Transactions take the shards in turn:
// payments running at the same time started one after another, so they get different shards and
// none waits for another's lock (a random pick made two of eight concurrent payments share a
// shard almost every time: the ledger's FOR UPDATE then waited 30–80 ms under load).
const shardsByTransaction = new WeakMap<object, Map<string, number>>();
const nextShard = new Map<string, number>();
function shardFor(tx: SqlTx, platformId: string, currency: string): number {
  let picked = shardsByTransaction.get(tx);
  if (!picked) shardsByTransaction.set(tx, (picked = new Map()));
  const key = `${platformId}:${currency}`;
  let shard = picked.get(key);
  if (shard === undefined) {
    // Each process starts at a random shard, so two servers on one database do not move in step.
    shard = nextShard.get(key) ?? Math.floor(Math.random() * SYSTEM_ACCOUNT_SHARDS);
    if (nextShard.size >= 10_000 && !nextShard.has(key)) nextShard.clear(); // bounded: platforms × currencies
    nextShard.set(key, (shard + 1) % SYSTEM_ACCOUNT_SHARDS);
    picked.set(key, shard);
  }
  return shard;
}

/** Shard 0 keeps the original key, so ledgers made before sharding keep their rows. */
const systemKey = (kind: LedgerAccountKind, currency: string, shard: number) => (shard === 0 ? `${kind}:${currency}` : `${kind}:${currency}#${shard}`);

/**
 * The Service's clearing, fee and FX accounts of one platform and currency (one shard, taken in
 * turn once per database transaction), created on first use. They may go negative: they are the
 * other side of customer money (BEHAVIORS.md §2.3, §2.4). Safe under concurrency: the unique
 * (platformId, systemKey) lets a racing creator wait and reuse. Throws: nothing expected.
 */
export async function ensureSystemAccounts(tx: SqlTx, platformId: string, currency: string): Promise<SystemAccounts> {
  const shard = shardFor(tx, platformId, currency);
  const cacheKey = `${platformId}:${currency}:${shard}`;
  const cached = committedSystemAccounts.get(cacheKey);
  if (cached) return cached;
  const keys = Object.values(SYSTEM_KINDS).map((kind) => systemKey(kind, currency, shard));
  const find = () => tx.$queryRaw<(SystemAccount & { systemKey: string })[]>`
    SELECT "id", "platformId", "currency", "kind"::text, "systemKey" FROM "LedgerAccount" WHERE "platformId" = ${platformId}::uuid AND "systemKey" = ANY(${keys}::text[])`;
  let rows = await find();
  const created = createdByTransaction.get(tx) ?? new Set<string>();
  // Found without creating them here means committed: this transaction's own rows vanish if it rolls back.
  const foundCommitted = rows.length === keys.length && !created.has(cacheKey);
  if (rows.length < keys.length) {
    const at = await now(tx, platformId);
    const everyShard = Object.values(SYSTEM_KINDS).flatMap((kind) => Array.from({ length: SYSTEM_ACCOUNT_SHARDS }, (_, s) => ({ kind, key: systemKey(kind, currency, s) })));
    // A racing creator's rows win (ON CONFLICT on the unique (platformId, systemKey)); this one then waits for it and reuses them.
    await tx.$executeRaw`
      INSERT INTO "LedgerAccount" ("id", "platformId", "currency", "kind", "systemKey", "allowNegative", "createdAt", "updatedAt")
      SELECT s.id, ${platformId}::uuid, ${currency}, s.kind::"LedgerAccountKind", s.key, true, ${at}::timestamptz, ${at}::timestamptz
      FROM unnest(${everyShard.map(() => uuidv7(at.getTime()))}::uuid[], ${everyShard.map((s) => s.kind)}::text[], ${everyShard.map((s) => s.key)}::text[]) AS s(id, kind, key)
      ON CONFLICT DO NOTHING`;
    rows = await find();
    createdByTransaction.set(tx, created.add(cacheKey));
  }
  const byKey = new Map(rows.map(({ systemKey, ...account }) => [systemKey, account]));
  const accounts = {
    clearing: byKey.get(systemKey(SYSTEM_KINDS.clearing, currency, shard))!,
    fees: byKey.get(systemKey(SYSTEM_KINDS.fees, currency, shard))!,
    fx: byKey.get(systemKey(SYSTEM_KINDS.fx, currency, shard))!,
  };
  if (foundCommitted) committedSystemAccounts.set(cacheKey, accounts);
  return accounts;
}

/** System accounts are never deleted or re-keyed, so once seen committed their ids are kept (one query less per payment). */
const committedSystemAccounts = new Map<string, SystemAccounts>();
/** Which shards a database transaction asked to create (it may have found them made by a racing creator: not known committed either way). */
const createdByTransaction = new WeakMap<object, Set<string>>();
