import type { DbOrTx, Tx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import type { QuoteRow } from "./serialize-quote";

/** The platform's quote `Quote:<uuid>` (or the bare uuid with allowBare). Throws: QUOTE_NOT_FOUND. */
export async function getQuoteOrThrow(db: DbOrTx, platformId: string, quoteId: string, options: { allowBare?: boolean } = {}): Promise<QuoteRow> {
  const id = parseId("Quote", quoteId, options);
  const row = id ? await db.quote.findFirst({ where: { id, platformId } }) : null;
  if (!row) throw new ServiceError("QUOTE_NOT_FOUND", `Quote ${quoteId} not found`);
  return row;
}

/**
 * Locks a quote row for a state change (execute, funds arriving, expiry, settlement steps), so only
 * one of any number of concurrent callers moves it; the caller re-checks the status after the lock.
 * Throws: QUOTE_NOT_FOUND.
 */
export async function lockQuote(tx: Tx, platformId: string, quoteId: string, options: { allowBare?: boolean } = {}): Promise<QuoteRow> {
  const id = parseId("Quote", quoteId, options);
  const locked = id ? await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Quote" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE` : [];
  const row = locked.length > 0 ? await tx.quote.findFirst({ where: { id: id!, platformId } }) : null;
  if (!row) throw new ServiceError("QUOTE_NOT_FOUND", `Quote ${quoteId} not found`);
  return row;
}
