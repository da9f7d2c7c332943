import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf, sqlOf } from "@/lib/db/sql";
import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { decodeCursor, toPage, type Page } from "../http/pagination";
import { cappedCount, rowsAfter } from "../http/pagination-sql";
import { serializeTransaction, TRANSACTION_WIRE_FIELDS, type TransactionWireRow } from "./serialize-transaction";
import { listCardTransactions } from "../cards/list-card-transactions";
import type { Transaction, TransactionListItem, TransactionListQuery } from "./schemas";

const REFUND_SUFFIX = "-REFUND";

/**
 * GET /transactions: the platform's payment transactions with the reference's filters (BEHAVIORS.md
 * §3.6), `startDate`/`endDate` inclusive, newest first unless `sortOrder=asc`, with totalCount (exact up to 10,000 matches).
 * `type=CARD` (or a `cardId` filter) lists card transactions instead (lib/service/cards).
 * Two raw statements on the pool at once, the page and the capped count: dashboards and
 * reconciliation jobs poll this list, and a model read of these wide rows cost ~3 ms of Node CPU a page.
 * Throws: INVALID_INPUT for `status` with `type=CARD` (SPEC.md § Errors 400), a malformed
 * customerId, or a bad cursor.
 */
export async function listTransactions(db: Db, platformId: string, query: TransactionListQuery): Promise<Page<Transaction> | Page<TransactionListItem>> {
  if (query.type === "CARD" && query.status !== undefined)
    throw invalidInput(
      [{ field: "query.status", message: "applies to payment transactions only and cannot be combined with type=CARD", constraint: { conflictsWith: "type=CARD" } }],
      "status filters payment transactions only: drop it or ask for type INCOMING or OUTGOING",
    );
  if (query.type === "CARD" || query.cardId !== undefined) return listCardTransactions(db, platformId, query);
  const cursor = decodeCursor(query.cursor);

  const matching = filters(platformId, query);
  const ascending = query.sortOrder === "asc";
  const order = ascending ? Prisma.sql`ORDER BY "createdAt" ASC, "id" ASC` : Prisma.sql`ORDER BY "createdAt" DESC, "id" DESC`;
  const sql = sqlOf(db);
  const [rows, count] = await Promise.all([
    sql.$queryRaw<TransactionWireRow[]>`
      SELECT ${columnsOf(TRANSACTION_WIRE_FIELDS)} FROM "Transaction" t
      WHERE ${matching} ${rowsAfter(cursor, { alias: "t", ascending })} ${order} LIMIT ${query.limit + 1}::int`,
    cappedCount(sql, "Transaction", "t", matching),
  ]);
  return toPage(rows, query.limit, count, serializeTransaction);
}

function filters(platformId: string, query: TransactionListQuery): Prisma.Sql {
  const and: Prisma.Sql[] = [Prisma.sql`"platformId" = ${platformId}::uuid`];
  if (query.customerId !== undefined) {
    const customerId = customerFilter(platformId, query.customerId);
    and.push(customerId === null ? Prisma.sql`"customerId" IS NULL` : Prisma.sql`"customerId" = ${customerId}::uuid`);
  }
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
