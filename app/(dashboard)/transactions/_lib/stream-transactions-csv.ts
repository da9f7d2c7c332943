import type { components } from "@/lib/client/generated/schema";
import { transactionsCsvHeader, transactionsCsvRows } from "./transactions-csv";

type TransactionPage = components["schemas"]["TransactionListResponse"];

/** A refusal; `retryAfterSeconds` is the API's Retry-After when it gave one. */
export type PageResult = { ok: true; page: TransactionPage } | { ok: false; status: number; code: string; message: string; retryAfterSeconds?: number };

/** One page of GET /transactions after `cursor` (none: the first), with the export's filters. */
export type FetchTransactionPage = (cursor: string | undefined) => Promise<PageResult>;

export type CsvStreamResult = { ok: true; stream: ReadableStream<Uint8Array> } | Extract<PageResult, { ok: false }>;

/** Waits `ms`; tests pass their own to run without real delays. */
export type Wait = (ms: number) => Promise<void>;
const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers that say "try again": the rate limit (all staff share one token's budget), a busy or
 * restarting service, and a call that could not reach it. A long export would otherwise end broken
 * at the first one. Reads are safe to repeat.
 */
const TRANSIENT = new Set([429, 502, 503]);
/** Tries per page, and the most a Retry-After may make the export wait at once. */
const MAX_ATTEMPTS = 4;
const MAX_WAIT_MS = 10_000;

/** One page, tried again after a transient refusal; a call that threw fails like one that answered an error. */
async function read(fetchPage: FetchTransactionPage, cursor: string | undefined, wait: Wait): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    let result: PageResult;
    try {
      result = await fetchPage(cursor);
    } catch (error) {
      result = { ok: false, status: 502, code: "SERVICE_UNREACHABLE", message: error instanceof Error ? error.message : String(error) };
    }
    if (result.ok || !TRANSIENT.has(result.status) || attempt === MAX_ATTEMPTS) return result;
    const backoffMs = 500 * 2 ** (attempt - 1);
    await wait(Math.min(MAX_WAIT_MS, result.retryAfterSeconds !== undefined ? result.retryAfterSeconds * 1000 : backoffMs));
  }
}

/** The cursor of the page after this one; undefined on the last. */
const nextCursor = (page: TransactionPage) => (page.hasMore ? page.nextCursor : undefined);

/**
 * Every page of the list as one CSV, streamed: the first page is read before anything is answered,
 * so a refusal there is a proper error; after that each page is fetched only when the reader has
 * taken the last (pull), so memory holds about one page whatever the size. A transient refusal
 * (429, 503, unreachable) is tried again a few times; a page that still fails errors the stream:
 * the download ends broken rather than looking complete.
 */
export async function streamTransactionsCsv(fetchPage: FetchTransactionPage, wait: Wait = sleep): Promise<CsvStreamResult> {
  const first = await read(fetchPage, undefined, wait);
  if (!first.ok) return first;
  const encoder = new TextEncoder();
  let cursor = nextCursor(first.page);
  let rows = first.page.data.length;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(transactionsCsvHeader() + transactionsCsvRows(first.page.data)));
      if (!cursor) controller.close();
    },
    async pull(controller) {
      const result = await read(fetchPage, cursor, wait);
      if (!result.ok) {
        controller.error(new Error(`Export stopped after ${rows} transactions: ${result.code}: ${result.message}`));
        return;
      }
      controller.enqueue(encoder.encode(transactionsCsvRows(result.page.data)));
      rows += result.page.data.length;
      const next = nextCursor(result.page);
      // A cursor that does not move would page forever.
      if (next && next === cursor) controller.error(new Error(`Export stopped after ${rows} transactions: the service answered the same cursor twice`));
      else if (!next) controller.close();
      cursor = next;
    },
  });
  return { ok: true, stream };
}
