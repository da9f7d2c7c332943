import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf, readOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import type { QuoteRow } from "./serialize-quote";

/** The platform's quote `Quote:<uuid>` (or the bare uuid with allowBare). Throws: QUOTE_NOT_FOUND. */
export async function getQuoteOrThrow(db: SqlTx, platformId: string, quoteId: string, options: { allowBare?: boolean } = {}): Promise<QuoteRow> {
  const id = parseId("Quote", quoteId, options);
  // On the pool outside a transaction (readOf): clients poll quotes.
  const [row] = id ? await readOf(db).$queryRaw<QuoteRow[]>`SELECT ${columnsOf(Prisma.QuoteScalarFieldEnum)} FROM "Quote" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid` : [];
  if (!row) throw new ServiceError("QUOTE_NOT_FOUND", notFoundMessage("Quote", quoteId, options));
  return row;
}

/**
 * Locks a quote row for a state change (execute, funds arriving, expiry, settlement steps), so only
 * one of any number of concurrent callers moves it; the caller re-checks the status after the lock.
 * Throws: QUOTE_NOT_FOUND.
 */
export async function lockQuote(tx: SqlTx, platformId: string, quoteId: string, options: { allowBare?: boolean } = {}): Promise<QuoteRow> {
  const id = parseId("Quote", quoteId, options);
  const [row] = id
    ? await tx.$queryRaw<QuoteRow[]>`SELECT ${columnsOf(Prisma.QuoteScalarFieldEnum)} FROM "Quote" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`
    : [];
  if (!row) throw new ServiceError("QUOTE_NOT_FOUND", notFoundMessage("Quote", quoteId, options));
  return row;
}
