import { routeServiceClient } from "@/lib/client/server";
import { balanceChangesCsv } from "../../_lib/balance-changes-csv";
import { BalanceWindowParamsSchema, balanceWindow } from "../../_lib/balance-window";
import { resourceIdFromSegment } from "@/components/resource-id";
import { loadAllBalanceChanges } from "../../_lib/load-balance-changes";

/** Download CSV: every balance change of the account in the page's date window, all pages. */
export async function GET(request: Request, { params }: { params: Promise<{ accountId: string }> }) {
  const accountId = resourceIdFromSegment((await params).accountId, "InternalAccount");
  if (!accountId) return new Response("No such account\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const { from, to } = BalanceWindowParamsSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const client = await routeServiceClient();
  if (client instanceof Response) return client;
  const window = balanceWindow({ from, to });
  const result = await loadAllBalanceChanges(client, accountId, window);
  if (!result.ok) {
    const status = result.code.endsWith("NOT_FOUND") ? 404 : result.code === "NOT_YET_AVAILABLE" ? 409 : 502;
    return new Response(`${result.code}: ${result.message}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const name = `balance-changes-${accountId.replace(/^InternalAccount:/, "").slice(0, 13)}${from ? `-from-${from}` : ""}${to ? `-to-${to}` : ""}.csv`;
  return new Response(balanceChangesCsv(accountId, result.data, window.startDate), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
}
