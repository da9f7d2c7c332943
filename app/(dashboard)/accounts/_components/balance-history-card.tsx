import type { components } from "@/lib/client/generated/schema";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CursorPager, pageHref, pagerLinks, type PagePosition } from "@/components/cursor-pager";
import { LineChart } from "@/components/line-chart";
import { Money, formatMoney, type MoneyCurrency } from "@/components/money";
import { balanceAfterById, balanceHistory } from "../_lib/balance-history";
import { windowQuery, type BalanceWindowParams } from "../_lib/balance-window";
import type { LoadResult } from "../_lib/load-balance-changes";
import { BalanceChangesTable } from "./balance-changes-table";
import { BalanceWindowForm } from "./balance-window-form";

type BalanceChangeList = components["schemas"]["BalanceChangeListResponse"];

export interface BalanceHistoryCardProps {
  basePath: string;
  currency: MoneyCurrency;
  params: BalanceWindowParams;
  /** The table's page (pagePosition of the URL). */
  position: PagePosition;
  /** The table's page. */
  page?: BalanceChangeList;
  pageError?: string;
  /** Every change of the window (capped), for the chart and the running balance. */
  all: LoadResult;
  /** The chart's time axis: the window, or the account's life so far. */
  chartStart: string;
  chartEnd: string;
}

const TIME = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/** Balance chart, balance changes (paged), the window form and the CSV export. */
export function BalanceHistoryCard({ basePath, currency, params, position, page, pageError, all, chartStart, chartEnd }: BalanceHistoryCardProps) {
  const points = all.ok ? balanceHistory(all.data.openingBalance.amount, all.data.changes, chartStart) : [];
  const query = windowQuery(params);
  return (
    <Card title="Balance history" description="Posted balance over time (holds never post). Opening balance plus every change equals the closing balance." flush>
      <BalanceWindowForm key={`${params.from}|${params.to}`} action={basePath} from={params.from} to={params.to} csvHref={pageHref(`${basePath}/balance-changes.csv`, query)} />
      {!page || !all.ok ? (
        <div className="p-5">
          <Notice tone="error" title="Could not load balance changes">
            {pageError ?? (all.ok ? "The service did not answer." : all.message)}
          </Notice>
        </div>
      ) : (
        <>
          <div className="space-y-3 border-b border-zinc-200 px-5 py-4">
            <div className="flex flex-wrap gap-x-8 gap-y-1 text-sm text-zinc-600">
              <span>
                Opening <Money amount={page.openingBalance.amount} currency={currency} className="font-medium text-zinc-900" />
              </span>
              <span>
                Closing <Money amount={page.closingBalance.amount} currency={currency} className="font-medium text-zinc-900" testId="closing-balance" />
              </span>
              {all.data.isTruncated && <span className="text-amber-700">The chart shows the first {all.data.changes.length} changes; narrow the window to see the rest.</span>}
            </div>
            <LineChart
              points={points}
              startAt={chartStart}
              endAt={chartEnd}
              formatValue={(v) => formatMoney(v, currency)}
              formatTime={(at) => `${TIME.format(new Date(at))} UTC`}
              label={`Balance from ${formatMoney(page.openingBalance.amount, currency)} to ${formatMoney(page.closingBalance.amount, currency)}`}
              testId="balance-chart"
            />
          </div>
          <BalanceChangesTable changes={page.changes} currency={currency} balanceAfter={balanceAfterById(points)} isWindowed={Boolean(params.from || params.to)} />
          <CursorPager label="Balance change pages" {...pagerLinks(basePath, query, position, page)} />
        </>
      )}
    </Card>
  );
}
