import { routeServiceClient } from "@/lib/client/server";
import { apiQuery, filterQuery } from "../_lib/list-params";
import { exportFilters } from "../_lib/export-filters";
import { streamTransactionsCsv, type FetchTransactionPage } from "../_lib/stream-transactions-csv";
import { transactionsCsvFilename } from "../_lib/transactions-csv";

/** The most GET /transactions answers per page (SPEC.md § Limits: `limit` 1 to 100). */
const EXPORT_PAGE_SIZE = 100;

/** The API's refusals a reader can act on keep their status; any other failure is the service's (502). */
const PASSED_THROUGH = new Set([400, 401, 403, 404, 429, 503]);

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** Export CSV: every transaction matching the Transactions page's filters, in its order, all pages. */
export async function GET(request: Request) {
  const client = await routeServiceClient();
  if (client instanceof Response) return client;
  const filters = exportFilters(new URL(request.url));
  if (!filters.ok) return text(400, `Nothing was exported. Check the filters:\n${filters.problems.map((p) => `- ${p}\n`).join("")}`);
  const { params } = filters;

  const fetchPage: FetchTransactionPage = async (cursor) => {
    const { data, error, response } = await client.GET("/transactions", { params: { query: apiQuery(params, EXPORT_PAGE_SIZE, cursor) } });
    if (data) return { ok: true, page: data };
    const retryAfter = Number(response.headers.get("retry-after") ?? NaN);
    return {
      ok: false,
      status: response.status,
      code: error?.code ?? "UNEXPECTED_RESPONSE",
      message: error?.message ?? `The service answered ${response.status}.`,
      ...(Number.isFinite(retryAfter) && retryAfter >= 0 && { retryAfterSeconds: retryAfter }),
    };
  };
  // Named by the platform's day, like every time in the file (a sandbox clock can run ahead); a production platform's clock is real time (403).
  const [result, { data: clock }] = await Promise.all([streamTransactionsCsv(fetchPage), client.GET("/sandbox/clock")]);
  if (!result.ok) return text(PASSED_THROUGH.has(result.status) ? result.status : 502, `Nothing was exported. ${result.code}: ${result.message}\n`);
  return new Response(result.stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${transactionsCsvFilename(filterQuery(params), clock ? new Date(clock.now) : new Date())}"`,
      "cache-control": "no-store",
    },
  });
}
