import type { components } from "@/lib/client/generated/schema";
import { transactionsCsvHeader, transactionsCsvRows } from "./transactions-csv";

type TransactionPage = components["schemas"]["TransactionListResponse"];

export type PageResult = { ok: true; page: TransactionPage } | { ok: false; status: number; code: string; message: string };

/** One page of GET /transactions after `cursor` (none: the first), with the export's filters. */
export type FetchTransactionPage = (cursor: string | undefined) => Promise<PageResult>;

export type CsvStreamResult = { ok: true; stream: ReadableStream<Uint8Array> } | Extract<PageResult, { ok: false }>;

/** A call that threw (the service unreachable over HTTP) fails like one that answered an error. */
async function read(fetchPage: FetchTransactionPage, cursor: string | undefined): Promise<PageResult> {
  try {
    return await fetchPage(cursor);
  } catch (error) {
    return { ok: false, status: 502, code: "SERVICE_UNREACHABLE", message: error instanceof Error ? error.message : String(error) };
  }
}

/** The cursor of the page after this one; undefined on the last. */
const nextCursor = (page: TransactionPage) => (page.hasMore ? page.nextCursor : undefined);

/**
 * Every page of the list as one CSV, streamed: the first page is read before anything is answered,
 * so a refusal there is a proper error; after that each page is fetched only when the reader has
 * taken the last (pull), so memory holds about one page whatever the size. A page that fails
 * later errors the stream: the download ends broken rather than looking complete.
 */
export async function streamTransactionsCsv(fetchPage: FetchTransactionPage): Promise<CsvStreamResult> {
  const first = await read(fetchPage, undefined);
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
      const result = await read(fetchPage, cursor);
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
