import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Cursor, type Page } from "../http/pagination";
import { serializeTransaction } from "./serialize-transaction";
import { listCardTransactions } from "../cards/list-card-transactions";
import type { Transaction, TransactionListItem, TransactionListQuery } from "./schemas";

const REFUND_SUFFIX = "-REFUND";

/**
 * GET /transactions: the platform's payment transactions with the reference's filters (BEHAVIORS.md
 * §3.6), `startDate`/`endDate` inclusive, newest first unless `sortOrder=asc`, with totalCount (exact up to 10,000 matches).
 * `type=CARD` (or a `cardId` filter) lists card transactions instead (lib/service/cards).
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

  const where = filters(platformId, query);
  const isAscending = query.sortOrder === "asc";
  const direction = isAscending ? "asc" : "desc";
  const [rows, count] = await Promise.all([
    db.transaction.findMany({
      where: { AND: [where, isAscending ? beforeOrAfter(cursor) : afterCursor(cursor)] },
      orderBy: [{ createdAt: direction }, { id: direction }],
      take: query.limit + 1,
    }),
    db.transaction.count(countArgs(where)),
  ]);
  return toPage(rows, query.limit, count, serializeTransaction);
}

function filters(platformId: string, query: TransactionListQuery): Prisma.TransactionWhereInput {
  const and: Prisma.TransactionWhereInput[] = [{ platformId }];
  if (query.customerId !== undefined) and.push({ customerId: customerFilter(platformId, query.customerId) });
  if (query.platformCustomerId !== undefined) and.push({ platformCustomerId: query.platformCustomerId });
  if (query.accountIdentifier !== undefined)
    and.push({ OR: [{ senderIdentifiers: { has: query.accountIdentifier } }, { receiverIdentifiers: { has: query.accountIdentifier } }] });
  if (query.senderAccountIdentifier !== undefined) and.push({ senderIdentifiers: { has: query.senderAccountIdentifier } });
  if (query.receiverAccountIdentifier !== undefined) and.push({ receiverIdentifiers: { has: query.receiverAccountIdentifier } });
  if (query.status !== undefined) and.push({ status: query.status });
  if (query.type !== undefined && query.type !== "CARD") and.push({ type: query.type });
  if (query.reference !== undefined)
    and.push(
      query.reference.endsWith(REFUND_SUFFIX)
        ? { OR: [{ reference: query.reference }, { reference: query.reference.slice(0, -REFUND_SUFFIX.length), NOT: { refund: { equals: Prisma.AnyNull } } }] }
        : { reference: query.reference },
    );
  if (query.startDate !== undefined) and.push({ createdAt: { gte: new Date(query.startDate) } });
  if (query.endDate !== undefined) and.push({ createdAt: { lte: new Date(query.endDate) } });
  return { AND: and };
}

/** `Customer:<uuid>`, or the caller's own `Platform:<uuid>` for platform-account transactions (BEHAVIORS.md §1.5). */
function customerFilter(platformId: string, value: string): string | null {
  if (parseId("Platform", value) === platformId) return null;
  const customerId = parseId("Customer", value);
  if (!customerId) throw invalidInput([{ field: "query.customerId", message: "must be a customer id (Customer:<uuid>) or this platform's id", constraint: { format: "Customer:<uuid>" } }]);
  return customerId;
}

/** Rows strictly after the cursor in (createdAt asc, id asc) order. */
function beforeOrAfter(cursor: Cursor | undefined): Prisma.TransactionWhereInput {
  if (!cursor) return {};
  return { OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }] };
}
