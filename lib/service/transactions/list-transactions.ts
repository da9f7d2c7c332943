import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf, sqlOf } from "@/lib/db/sql";
import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { decodeCursor, toPage, type Cursor, type Page } from "../http/pagination";
import { cappedCount, rowsAfter } from "../http/pagination-sql";
import { serializeTransaction, TRANSACTION_WIRE_FIELDS, type TransactionWireRow } from "./serialize-transaction";
import { listCardTransactions, readCardTransactionRows } from "../cards/list-card-transactions";
import { serializeCardTransaction } from "../cards/serialize-card-transaction";
import type { Transaction, TransactionListItem, TransactionListQuery } from "./schemas";

const REFUND_SUFFIX = "-REFUND";

/** A fetched row of either kind, in the list's (createdAt, id) order, serialized once it makes the page. */
type ListedRow = Cursor & { toItem: () => TransactionListItem };

/**
 * GET /transactions: the platform's payment and card transactions (BEHAVIORS.md §3.6 "card rows
 * included") with the reference's filters, `startDate`/`endDate` inclusive, newest first unless
 * `sortOrder=asc`, with totalCount (exact up to 10,000 matches). Without `type` both kinds share one
 * (createdAt, id) order and one cursor. A filter on a field only one kind has leaves the other out:
 * `status`, `reference`, a sending or receiving side, `type` INCOMING/OUTGOING or the platform's own
 * customerId leave card rows out; `cardId` leaves payments out.
 * Payment rows are two raw statements on the pool at once, the page and the capped count: dashboards and
 * reconciliation jobs poll this list, and a model read of these wide rows cost ~3 ms of Node CPU a page.
 * Throws: INVALID_INPUT for `status` with `type=CARD` (SPEC.md § Errors 400), an endDate before
 * startDate, a malformed customerId or cardId, or a bad cursor.
 */
export async function listTransactions(db: Db, platformId: string, query: TransactionListQuery): Promise<Page<Transaction> | Page<TransactionListItem>> {
  // A reversed window is a mistake to report, as GET /internal-accounts/{id}/balance-changes does, not an empty page.
  if (query.startDate !== undefined && query.endDate !== undefined && Date.parse(query.endDate) < Date.parse(query.startDate))
    throw invalidInput(
      [{ field: "query.endDate", message: `must not be before startDate (${query.startDate}): the window [startDate, endDate] includes both ends`, constraint: { minimum: "startDate" } }],
      "endDate is before startDate: swap them",
    );
  if (query.type === "CARD" && query.status !== undefined)
    throw invalidInput(
      [{ field: "query.status", message: "applies to payment transactions only and cannot be combined with type=CARD", constraint: { conflictsWith: "type=CARD" } }],
      "status filters payment transactions only: drop it or ask for type INCOMING or OUTGOING",
    );
  const cursor = decodeCursor(query.cursor);
  const customerId = query.customerId === undefined ? undefined : customerFilter(platformId, query.customerId);
  const hasPayments = query.type !== "CARD" && query.cardId === undefined;
  const hasCards =
    (query.type === undefined || query.type === "CARD") &&
    customerId !== null &&
    [query.status, query.reference, query.senderAccountIdentifier, query.receiverAccountIdentifier].every((paymentOnly) => paymentOnly === undefined);
  if (!hasCards && !hasPayments) return toPage([], query.limit, 0, serializeTransaction);
  if (!hasCards) {
    const { rows, count } = await readPaymentRows(db, platformId, query, customerId, cursor);
    return toPage(rows, query.limit, count, serializeTransaction);
  }
  if (!hasPayments) return listCardTransactions(db, platformId, query);

  // Each kind's next limit + 1 rows after the cursor hold the merged page's limit + 1.
  const [payments, cards] = await Promise.all([readPaymentRows(db, platformId, query, customerId, cursor), readCardTransactionRows(db, platformId, query, cursor)]);
  const rows: ListedRow[] = [
    ...payments.rows.map((row) => ({ createdAt: row.createdAt, id: row.id, toItem: () => serializeTransaction(row) })),
    ...cards.rows.map((row) => ({ createdAt: row.createdAt, id: row.id, toItem: () => serializeCardTransaction(row, cards.at) })),
  ];
  const isAscending = query.sortOrder === "asc";
  rows.sort((a, b) => (isAscending ? compareListed(a, b) : compareListed(b, a)));
  return toPage(rows.slice(0, query.limit + 1), query.limit, payments.count + cards.count, (row) => row.toItem());
}

/** Ascending (createdAt, id), as PostgreSQL orders them: lowercase uuid strings sort as the uuids do. */
function compareListed(a: Cursor, b: Cursor): number {
  const byTime = a.createdAt.getTime() - b.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The payment rows of a page after `cursor` (limit + 1, for hasMore) and their capped match count. */
async function readPaymentRows(db: Db, platformId: string, query: TransactionListQuery, customerId: string | null | undefined, cursor: Cursor | undefined) {
  const matching = filters(platformId, query, customerId);
  const ascending = query.sortOrder === "asc";
  const order = ascending ? Prisma.sql`ORDER BY "createdAt" ASC, "id" ASC` : Prisma.sql`ORDER BY "createdAt" DESC, "id" DESC`;
  const sql = sqlOf(db);
  const [rows, count] = await Promise.all([
    sql.$queryRaw<TransactionWireRow[]>`
      SELECT ${columnsOf(TRANSACTION_WIRE_FIELDS)} FROM "Transaction" t
      WHERE ${matching} ${rowsAfter(cursor, { alias: "t", ascending })} ${order} LIMIT ${query.limit + 1}::int`,
    cappedCount(sql, "Transaction", "t", matching),
  ]);
  return { rows, count };
}

/** `customerId` as customerFilter read it: null for the platform's own transactions. */
function filters(platformId: string, query: TransactionListQuery, customerId: string | null | undefined): Prisma.Sql {
  const and: Prisma.Sql[] = [Prisma.sql`"platformId" = ${platformId}::uuid`];
  if (customerId !== undefined) and.push(customerId === null ? Prisma.sql`"customerId" IS NULL` : Prisma.sql`"customerId" = ${customerId}::uuid`);
  if (query.platformCustomerId !== undefined) and.push(Prisma.sql`"platformCustomerId" = ${query.platformCustomerId}`);
  if (query.accountIdentifier !== undefined)
    and.push(Prisma.sql`(${query.accountIdentifier} = ANY("senderIdentifiers") OR ${query.accountIdentifier} = ANY("receiverIdentifiers"))`);
  if (query.senderAccountIdentifier !== undefined) and.push(Prisma.sql`${query.senderAccountIdentifier} = ANY("senderIdentifiers")`);
  if (query.receiverAccountIdentifier !== undefined) and.push(Prisma.sql`${query.receiverAccountIdentifier} = ANY("receiverIdentifiers")`);
  if (query.status !== undefined) and.push(Prisma.sql`"status" = ${query.status}::"TransactionStatus"`);
  if (query.type !== undefined && query.type !== "CARD") and.push(Prisma.sql`"type" = ${query.type}::"TransactionType"`);
  if (query.reference !== undefined)
    and.push(
      // A refund's reference (`<reference>-REFUND`) finds the transaction it refunded.
      query.reference.endsWith(REFUND_SUFFIX)
        ? Prisma.sql`("reference" = ${query.reference} OR ("reference" = ${query.reference.slice(0, -REFUND_SUFFIX.length)} AND "refund" IS NOT NULL AND "refund" <> 'null'::jsonb))`
        : Prisma.sql`"reference" = ${query.reference}`,
    );
  if (query.startDate !== undefined) and.push(Prisma.sql`"createdAt" >= ${new Date(query.startDate)}::timestamptz`);
  if (query.endDate !== undefined) and.push(Prisma.sql`"createdAt" <= ${new Date(query.endDate)}::timestamptz`);
  return Prisma.join(and, " AND ");
}

/** `Customer:<uuid>`, or the caller's own `Platform:<uuid>` for platform-account transactions (BEHAVIORS.md §1.5). */
function customerFilter(platformId: string, value: string): string | null {
  if (parseId("Platform", value) === platformId) return null;
  const customerId = parseId("Customer", value);
  if (!customerId) throw invalidInput([{ field: "query.customerId", message: "must be a customer id (Customer:<uuid>) or this platform's id", constraint: { format: "Customer:<uuid>" } }]);
  return customerId;
}
