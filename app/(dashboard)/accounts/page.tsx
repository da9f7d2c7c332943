import type { Metadata } from "next";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { countLabel, CursorPager, pagePosition, pagerLinks } from "@/components/cursor-pager";
import { InternalAccountsTable } from "@/components/internal-accounts-table";
import { PageHeader } from "@/components/page-header";
import { AccountFilters } from "./_components/account-filters";
import { AccountsTabs } from "./_components/accounts-tabs";
import { AccountListParamsSchema, filterQuery } from "./list-params";
import { loadFilterCustomer } from "./_lib/load-filter-customer";
import { loadCustomerNames } from "../customers/_lib/load-customer-names";

export const metadata: Metadata = { title: "Accounts" };

const PAGE_SIZE = 20;

export default async function AccountsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireSession();
  const search = await searchParams;
  const params = AccountListParamsSchema.parse(search);
  const { customerId, currency } = params;
  const position = pagePosition(search);
  const client = await serviceClient();
  const [platform, customers, { data: config }, filterCustomer] = await Promise.all([
    client.GET("/platform/internal-accounts"),
    client.GET("/customers/internal-accounts", { params: { query: { limit: PAGE_SIZE, customerId, currency, cursor: position.cursor } } }),
    client.GET("/config"),
    loadFilterCustomer(client, customerId),
  ]);
  const page = customers.data;
  const customerNames = await loadCustomerNames(client, page?.data.map((a) => a.customerId) ?? []);
  const isFiltered = Boolean(customerId || currency);

  return (
    <>
      <PageHeader title="Accounts" description="Balances held at the service, and the bank accounts and wallets money is paid out to." />
      <AccountsTabs current="/accounts" />
      <div className="space-y-6">
        <Card title="Platform accounts" description="Your platform's own balances: they fund payouts and receive your fees." flush>
          {platform.data ? (
            <InternalAccountsTable accounts={platform.data.data} empty="No platform accounts." />
          ) : (
            <div className="p-5">
              <Notice tone="error" title="Could not load platform accounts">{platform.error?.message ?? "The service did not answer."}</Notice>
            </div>
          )}
        </Card>
        <Card title="Customer accounts" description={page ? `${countLabel(page)} account(s)${isFiltered ? " matching the filters" : ""}.` : undefined} flush>
          <AccountFilters key={`${customerId}|${currency}`} action="/accounts" filters={{ customerId, currency }} customer={filterCustomer} currencies={config?.supportedCurrencies.map((c) => c.currencyCode) ?? []} />
          {page ? (
            <InternalAccountsTable accounts={page.data} isShowingOwner customerNames={customerNames} empty={isFiltered ? "No accounts match these filters." : "No customer accounts yet. Customers get theirs once they accept the end-user terms."} />
          ) : (
            <div className="p-5">
              <Notice tone="error" title="Could not load customer accounts">{customers.error?.message ?? "The service did not answer."}</Notice>
            </div>
          )}
          <CursorPager label="Customer account pages" {...pagerLinks("/accounts", filterQuery(params), position, page)} />
        </Card>
      </div>
    </>
  );
}
