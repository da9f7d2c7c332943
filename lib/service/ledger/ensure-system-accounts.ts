import type { LedgerAccount, LedgerAccountKind } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";

export interface SystemAccounts {
  /** Money in transit to or from rails: debited when funds arrive, credited when they leave. One of CLEARING_SHARDS rows, picked at random. */
  clearing: LedgerAccount;
  /** The Service's own fee income. */
  fees: LedgerAccount;
  /** The Service's position from currency conversions. */
  fx: LedgerAccount;
}

const SYSTEM_KINDS = { clearing: "SERVICE_CLEARING", fees: "SERVICE_FEES", fx: "SERVICE_FX" } as const satisfies Record<keyof SystemAccounts, LedgerAccountKind>;

/**
 * Every payment posts to clearing, and a posting holds its accounts' row locks until commit, so one
 * clearing row per currency would queue all of a platform's payments behind each other. Clearing is
 * split into interchangeable shards (its balance is their sum); each posting takes one at random.
 */
export const CLEARING_SHARDS = 8;

// One shard per database transaction and currency: a payment's postings then lock the same
// clearing row each time, so two payments cannot each hold a shard the other wants next (a random
// pick per posting deadlocks multi-posting payments such as quotes).
const shardsByTransaction = new WeakMap<object, Map<string, number>>();
function clearingShard(tx: DbOrTx, platformId: string, currency: string): number {
  let picked = shardsByTransaction.get(tx);
  if (!picked) shardsByTransaction.set(tx, (picked = new Map()));
  const key = `${platformId}:${currency}`;
  let shard = picked.get(key);
  if (shard === undefined) picked.set(key, (shard = Math.floor(Math.random() * CLEARING_SHARDS)));
  return shard;
}

/** Shard 0 keeps the original key, so ledgers made before sharding keep their clearing row. */
const systemKey = (kind: LedgerAccountKind, currency: string, shard = 0) => (shard === 0 ? `${kind}:${currency}` : `${kind}:${currency}#${shard}`);

function systemKeys(currency: string): { kind: LedgerAccountKind; key: string }[] {
  const clearing = Array.from({ length: CLEARING_SHARDS }, (_, shard) => ({ kind: SYSTEM_KINDS.clearing, key: systemKey(SYSTEM_KINDS.clearing, currency, shard) }));
  return [...clearing, { kind: SYSTEM_KINDS.fees, key: systemKey(SYSTEM_KINDS.fees, currency) }, { kind: SYSTEM_KINDS.fx, key: systemKey(SYSTEM_KINDS.fx, currency) }];
}

/**
 * The Service's clearing (a random shard, the same for the whole database transaction), fee and FX accounts of one platform and currency,
 * created on first use. They may go negative: they are the other side of customer money
 * (BEHAVIORS.md §2.3, §2.4). Safe under concurrency: the unique (platformId, systemKey) lets a
 * racing creator wait and reuse. Throws: nothing expected.
 */
export async function ensureSystemAccounts(tx: DbOrTx, platformId: string, currency: string): Promise<SystemAccounts> {
  const shard = clearingShard(tx, platformId, currency);
  const picked = { clearing: systemKey(SYSTEM_KINDS.clearing, currency, shard), fees: systemKey(SYSTEM_KINDS.fees, currency), fx: systemKey(SYSTEM_KINDS.fx, currency) };
  const keys = Object.values(picked);
  let rows = await tx.ledgerAccount.findMany({ where: { platformId, systemKey: { in: keys } } });
  if (rows.length < keys.length) {
    const at = await now(tx, platformId);
    await tx.ledgerAccount.createMany({
      data: systemKeys(currency).map(({ kind, key }) => ({
        id: uuidv7(at.getTime()),
        platformId,
        currency,
        kind,
        systemKey: key,
        allowNegative: true,
        createdAt: at,
        updatedAt: at,
      })),
      skipDuplicates: true,
    });
    rows = await tx.ledgerAccount.findMany({ where: { platformId, systemKey: { in: keys } } });
  }
  const byKey = new Map(rows.map((row) => [row.systemKey, row]));
  return { clearing: byKey.get(picked.clearing)!, fees: byKey.get(picked.fees)!, fx: byKey.get(picked.fx)! };
}
