import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import { invalidInput, ServiceError } from "../http/errors";
import { decodeCursor, encodeCursor } from "../http/pagination";

export interface ListBalanceChangesInput {
  platformId: string;
  ledgerAccountId: string;
  /** Included; none = from the first entry. */
  startDate?: Date;
  /** Excluded; none = up to the last entry. */
  endDate?: Date;
  limit: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
}

export interface BalanceChange {
  /** The ledger transaction (bare uuid). */
  id: string;
  /** Sum of that ledger transaction's entries on this account, fees included. */
  amount: bigint;
  effectiveAt: Date;
  /** The payment Transaction or CardTransaction (bare uuid) the movement belongs to, when there is one. */
  transactionId?: string;
  /** Which of the two `transactionId` names: card postings carry their CardTransaction's id. */
  isCardTransaction?: boolean;
}

export interface BalanceChangesPage {
  /** Posted balance just before `startDate`. */
  openingBalance: bigint;
  /** Posted balance just before `endDate`: openingBalance + every change of every page. */
  closingBalance: bigint;
  changes: BalanceChange[];
  hasMore: boolean;
  nextCursor?: string;
}

interface Row {
  opening: bigint;
  closing: bigint;
  id: string | null;
  effectiveAt: Date | null;
  amount: bigint | null;
  transactionId: string | null;
  isCardTransaction: boolean | null;
}

/**
 * One account's balance changes in [startDate, endDate), one per ledger transaction, ordered by
 * (effectiveAt, id) and paged; opening and closing are read in the same statement as the page so
 * they always reconcile with it.
 * SPEC.md `GET /internal-accounts/{id}/balance-changes`, BEHAVIORS.md §1.3.
 * Throws: NOT_FOUND; INVALID_INPUT for a bad cursor or a window that ends before it starts.
 */
export async function listBalanceChanges(db: SqlTx, input: ListBalanceChangesInput): Promise<BalanceChangesPage> {
  const { platformId, ledgerAccountId, startDate, endDate } = input;
  if (startDate && endDate && endDate < startDate)
    throw invalidInput([{ field: "query.endDate", message: "must not be before startDate", constraint: { min: "startDate" } }]);
  const cursor = decodeCursor(input.cursor);

  const ofAccount = Prisma.sql`e."ledgerAccountId" = ${ledgerAccountId}::uuid AND e."platformId" = ${platformId}::uuid`;
  const beforeEnd = endDate ? Prisma.sql`AND e."effectiveAt" < ${endDate}::timestamptz` : Prisma.empty;
  const fromStart = startDate ? Prisma.sql`AND e."effectiveAt" >= ${startDate}::timestamptz` : Prisma.empty;
  const afterCursor = cursor ? Prisma.sql`AND (e."effectiveAt", e."ledgerTransactionId") > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : Prisma.empty;
  // Opening and closing come from the account's cached posted balance minus what posted at or after
  // the window's edges: the cost follows the window's recency, not the account's whole history. One
  // statement sees one snapshot, and the ledger changes the cache and the entries in one transaction,
  // so the cache equals the sum of the entries here.
  const postedSince = (at: Date) => Prisma.sql`COALESCE((SELECT SUM(e."amount") FROM "LedgerEntry" e WHERE ${ofAccount} AND e."effectiveAt" >= ${at}::timestamptz), 0)`;
  const opening = startDate ? Prisma.sql`a."postedBalance" - ${postedSince(startDate)}` : Prisma.sql`0`;
  const closing = endDate ? Prisma.sql`a."postedBalance" - ${postedSince(endDate)}` : Prisma.sql`a."postedBalance"`;
  // The totals row is LEFT JOINed to the page so an empty page still carries opening and closing;
  // no row at all: no such account.
  const rows = await sqlOf(db).$queryRaw<Row[]>`
    WITH totals AS (
      SELECT (${opening})::bigint AS opening, (${closing})::bigint AS closing
      FROM "LedgerAccount" a WHERE a."id" = ${ledgerAccountId}::uuid AND a."platformId" = ${platformId}::uuid
    ), page AS (
      SELECT e."ledgerTransactionId" AS id, e."effectiveAt", SUM(e."amount")::bigint AS amount
      FROM "LedgerEntry" e
      WHERE ${ofAccount} ${fromStart} ${beforeEnd} ${afterCursor}
      GROUP BY e."effectiveAt", e."ledgerTransactionId"
      ORDER BY e."effectiveAt", e."ledgerTransactionId"
      LIMIT ${input.limit + 1}
    )
    SELECT t.opening, t.closing, p.id, p."effectiveAt", p.amount, lt."transactionId",
      EXISTS (SELECT 1 FROM "CardTransaction" c WHERE c."id" = lt."transactionId") AS "isCardTransaction"
    FROM totals t
    LEFT JOIN page p ON true
    LEFT JOIN "LedgerTransaction" lt ON lt."id" = p.id
    ORDER BY p."effectiveAt", p.id`;

  const first = rows[0];
  if (!first) throw new ServiceError("NOT_FOUND", `Ledger account ${ledgerAccountId} not found`);
  const found = rows.filter((row) => row.id !== null);
  const hasMore = found.length > input.limit;
  const changes = found.slice(0, input.limit).map(
    (row): BalanceChange => ({
      id: row.id!,
      amount: BigInt(row.amount!),
      effectiveAt: row.effectiveAt!,
      ...(row.transactionId !== null && { transactionId: row.transactionId, isCardTransaction: row.isCardTransaction === true }),
    }),
  );
  const last = changes[changes.length - 1];
  return {
    openingBalance: BigInt(first.opening),
    closingBalance: BigInt(first.closing),
    changes,
    hasMore,
    ...(hasMore && last && { nextCursor: encodeCursor({ createdAt: last.effectiveAt, id: last.id }) }),
  };
}
