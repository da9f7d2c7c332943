import { Prisma, type TransactionStatus } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { parseId, uuidv7 } from "../http/ids";
import type { TransactionRow } from "./serialize-transaction";

/**
 * What counts toward a payer's daily volume (lib/service/quotes/limits.ts): outgoing payments under
 * way or done, by the UTC day they were sent on (entered these statuses: a quote's execution, not
 * its creation, so quotes made before midnight and executed after count on the day they are
 * executed, the day the limit checks them against). Kept as running totals per payer, day and
 * currency, so checking the limit costs the same with one payment a day or ten thousand.
 */
const COUNTED: ReadonlySet<TransactionStatus> = new Set(["PROCESSING", "COMPLETED"]);

/**
 * Whose money an outgoing payment sends: the source account's owner as recorded in its snapshot,
 * else (realtime funding) the funding customer, else the platform itself. Not the transaction's
 * customerId: a platform account paying a customer's external account names that customer, but the
 * money, and the limit it counts against, is the platform's.
 */
function payerOf(row: TransactionRow): string {
  const owner = row.sourceAccountId !== null ? (row.sourceSnapshot as { customerId?: string } | null)?.customerId : (row.source as { customerId?: string } | null)?.customerId;
  return (owner !== undefined && parseId("Customer", owner, { allowBare: true })) || row.platformId;
}
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const COUNTED_SQL = Prisma.join([...COUNTED].map((status) => Prisma.sql`${status}::"TransactionStatus"`));

/**
 * The UTC day a payment leaving the counted statuses was counted on, so that it is taken back
 * from that day: the first step of its history in a counted status after its last step in another
 * one (the day of its creation, in the unlikely case its history says nothing).
 */
function countedOn(row: TransactionRow): Prisma.Sql {
  const history = Prisma.sql`"platformId" = ${row.platformId}::uuid AND "transactionId" = ${row.id}::uuid`;
  return Prisma.sql`COALESCE((
      SELECT ("createdAt" AT TIME ZONE 'UTC')::date FROM "TransactionStatusChange"
      WHERE ${history} AND "status" IN (${COUNTED_SQL}) AND "sequence" > COALESCE((
        SELECT max("sequence") FROM "TransactionStatusChange" WHERE ${history} AND "status" NOT IN (${COUNTED_SQL})), -1)
      ORDER BY "sequence" LIMIT 1), ${utcDay(row.createdAt)}::date)`;
}

/**
 * The change a status step records, as a CTE of its statement, when an outgoing payment enters
 * (+ its amount) or leaves (−) the counted statuses; null when nothing changes. `previous`: the
 * status before the step, null for a new transaction. Insert-only, so no payment waits on it.
 */
export function dailyVolumeChange(row: TransactionRow, previous: TransactionStatus | null): Prisma.Sql | null {
  if (row.type !== "OUTGOING" || row.sentAmount === null) return null;
  const wasCounted = previous !== null && COUNTED.has(previous);
  const isCounted = COUNTED.has(row.status);
  if (wasCounted === isCounted) return null;
  const amount = isCounted ? row.sentAmount : -row.sentAmount;
  // Entering: this step's day (now). Leaving: the day it entered, whatever day it leaves on.
  const day = isCounted ? Prisma.sql`${utcDay(row.updatedAt)}::date` : countedOn(row);
  return Prisma.sql`"volume_change" AS (
    INSERT INTO "DailyVolumeChange" ("id", "platformId", "payerId", "day", "currency", "amount")
    VALUES (${uuidv7(row.updatedAt.getTime())}::uuid, ${row.platformId}::uuid, ${payerOf(row)}::uuid, ${day},
      ${row.sentCurrency ?? "USD"}::text, ${amount.toString()}::bigint)
  )`;
}

/** A payer's key: the customer, or the platform itself (customerId null) for its own accounts. */
const payerKey = (input: { platformId: string; customerId: string | null }) => input.customerId ?? input.platformId;

/**
 * Waits until the payer's other payments in flight have committed, and keeps the next ones waiting
 * until this database transaction ends (a transaction-scoped advisory lock), so that two payments
 * cannot both take the day's last room. Taken before any ledger lock and only by paying
 * transactions, which take no other payer's lock, so it cannot deadlock. Read the volume in a later
 * statement: it then sees what the previous holder committed.
 */
export async function lockPayer(db: SqlTx, input: { platformId: string; customerId: string | null }): Promise<void> {
  await db.$executeRaw`SELECT ${payerLock(Prisma.sql`${input.platformId}::uuid`, Prisma.sql`${payerKey(input)}::uuid`)}`;
}

/**
 * lockPayer's lock as an expression over uuid expressions, so that a statement reading the payer
 * can take it in the same round trip (resolveTransferParties); the same key either way.
 */
export function payerLock(platformId: Prisma.Sql, payerId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`pg_advisory_xact_lock(hashtextextended('daily-volume:' || (${platformId})::text || ':' || (${payerId})::text, 0))`;
}

/**
 * What a payer (customer id, or null for the platform's own accounts) has sent on the UTC day of
 * `at`, per currency. `fold`: the caller holds lockPayer (only such callers write DailyVolume), so
 * the changes recorded since the last fold are moved into the totals in the same statement; reads
 * then stay one row per currency. A change whose transaction has not committed is not seen, and is
 * folded by a later payment.
 */
export async function dailyVolume(db: SqlTx, input: { platformId: string; customerId: string | null; at: Date; fold: boolean }): Promise<{ currency: string; amount: bigint }[]> {
  const payerId = payerKey(input);
  const day = utcDay(input.at);
  const key = Prisma.sql`"platformId" = ${input.platformId}::uuid AND "payerId" = ${payerId}::uuid AND "day" = ${day}::date`;
  const rows = input.fold
    ? await db.$queryRaw<{ currency: string; amount: string }[]>`
      WITH "folded" AS (
        DELETE FROM "DailyVolumeChange" WHERE ${key} RETURNING "currency", "amount"
      ), "saved" AS (
        INSERT INTO "DailyVolume" ("platformId", "payerId", "day", "currency", "amount")
        SELECT ${input.platformId}::uuid, ${payerId}::uuid, ${day}::date, "currency", SUM("amount")::bigint FROM "folded" GROUP BY "currency"
        ON CONFLICT ("platformId", "payerId", "day", "currency") DO UPDATE SET "amount" = "DailyVolume"."amount" + EXCLUDED."amount"
        RETURNING "currency", "amount"
      )
      SELECT "currency", "amount"::text AS "amount" FROM "saved"
      UNION ALL
      SELECT "currency", "amount"::text AS "amount" FROM "DailyVolume" WHERE ${key} AND "currency" NOT IN (SELECT "currency" FROM "saved")`
    : await db.$queryRaw<{ currency: string; amount: string }[]>`
      SELECT "currency", SUM("amount")::text AS "amount" FROM (
        SELECT "currency", "amount" FROM "DailyVolume" WHERE ${key}
        UNION ALL
        SELECT "currency", "amount" FROM "DailyVolumeChange" WHERE ${key}
      ) AS "volume" GROUP BY "currency"`;
  return rows.map((row) => ({ currency: row.currency, amount: BigInt(row.amount) }));
}
