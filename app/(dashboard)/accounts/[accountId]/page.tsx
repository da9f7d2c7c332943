import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { pagePosition } from "@/components/cursor-pager";
import { PageHeader } from "@/components/page-header";
import { AccountSummary } from "../_components/account-summary";
import { BalanceHistoryCard } from "../_components/balance-history-card";
import { FundForm } from "../_components/fund-form";
import { BalanceWindowParamsSchema, balanceWindow } from "../_lib/balance-window";
import { resourceIdFromSegment } from "@/components/resource-id";
import { loadAllBalanceChanges } from "../_lib/load-balance-changes";
import { loadCustomerNames } from "../../customers/_lib/load-customer-names";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "Account" };

const PAGE_SIZE = 20;
/** The chart reads at most this many pages of 100 changes. */
const CHART_PAGES = 20;

export default async function AccountPage({ params, searchParams }: { params: Promise<{ accountId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const accountId = resourceIdFromSegment((await params).accountId, "InternalAccount") ?? notFound();
  const search = await searchParams;
  const query = BalanceWindowParamsSchema.parse(search);
  const position = pagePosition(search);
  const window = balanceWindow(query);
  const client = await serviceClient();
  const [{ data: account, error, response }, page, all] = await Promise.all([
    client.GET("/internal-accounts/{id}", { params: { path: { id: accountId } } }),
    client.GET("/internal-accounts/{id}/balance-changes", { params: { path: { id: accountId }, query: { ...window, limit: PAGE_SIZE, cursor: position.cursor } } }),
    loadAllBalanceChanges(client, accountId, window, CHART_PAGES),
  ]);
  if (response.status === 404) notFound();
  const ownerName = account?.customerId ? (await loadCustomerNames(client, [account.customerId])).get(account.customerId) : undefined;
  const basePath = `/accounts/${encodeURIComponent(accountId)}`;
  const lastChangeAt = all.ok ? all.data.changes.at(-1)?.effectiveAt : undefined;
  const now = new Date(Math.max(Date.now(), lastChangeAt ? Date.parse(lastChangeAt) : 0)).toISOString();

  return (
    <>
      <Link href={account?.customerId ? `/customers/${encodeURIComponent(account.customerId)}` : "/accounts"} className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {account?.customerId ? (ownerName ?? "Customer") : "Accounts"}
      </Link>
      {!account ? (
        <Notice tone="error" title="Could not load the account">
          {error?.message ?? "The service did not answer."}
        </Notice>
      ) : (
        <>
          <PageHeader
            title={`${account.balance.currency.code} account${account.customerId ? "" : " (platform)"}`}
            description={<code className="font-mono text-xs">{account.id}</code>}
          />
          <div className="space-y-6">
            <Card>
              <AccountSummary account={account} ownerName={ownerName} />
            </Card>
            {user.environment === "SANDBOX" && (
              <Card title="Simulate a deposit" description="Credits the account at once through the ledger and sends INTERNAL_ACCOUNT.BALANCE_UPDATED.">
                <FundForm accountId={account.id} status={account.status} currency={account.balance.currency} canFund={can(user, "TRANSACT")} />
              </Card>
            )}
            <BalanceHistoryCard
              basePath={basePath}
              currency={account.balance.currency}
              params={query}
              position={position}
              page={page.data}
              pageError={query.from && query.to && query.to < query.from ? "“To” must be on or after “From”." : page.error?.message}
              all={all}
              chartStart={window.startDate ?? account.createdAt}
              chartEnd={window.endDate ?? now}
            />
          </div>
        </>
      )}
    </>
  );
}
