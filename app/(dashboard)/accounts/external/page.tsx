import type { Metadata } from "next";
import Link from "next/link";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CursorPager, PAGE_PARAMS, pageParams, pagePosition, pagerLinks, positionQuery } from "@/components/cursor-pager";
import { ExternalAccountsTable, externalAccountSummary } from "@/components/external-accounts-table";
import { PageHeader } from "@/components/page-header";
import { AccountFilters } from "../_components/account-filters";
import { AccountsTabs } from "../_components/accounts-tabs";
import { DeleteExternalAccountButton } from "../_components/delete-external-account-button";
import { AccountListParamsSchema, filterQuery } from "../list-params";
import { loadFilterCustomer } from "../_lib/load-filter-customer";
import { loadCustomerNames } from "../../customers/_lib/load-customer-names";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "External accounts" };

const PAGE_SIZE = 20;
const BASE = "/accounts/external";
/** Currencies external accounts commonly hold; the API accepts more. */
const EXTERNAL_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "MXN", "BRL", "INR", "USDC", "USDT", "BTC"];
/** The platform's own accounts page on their own: `?platformCursor=…&platformPage=N`. */
const PLATFORM_PAGE = pageParams("platform");

export default async function ExternalAccountsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const search = await searchParams;
  const params = AccountListParamsSchema.parse(search);
  const customersAt = pagePosition(search);
  const platformAt = pagePosition(search, PLATFORM_PAGE);
  const { customerId, currency } = params;
  const client = await serviceClient();
  const [platform, customers, filterCustomer] = await Promise.all([
    client.GET("/platform/external-accounts", { params: { query: { limit: PAGE_SIZE, currency, cursor: platformAt.cursor } } }),
    client.GET("/customers/external-accounts", { params: { query: { limit: PAGE_SIZE, customerId, currency, cursor: customersAt.cursor } } }),
    loadFilterCustomer(client, customerId),
  ]);
  const canManage = can(user, "MANAGE");
  const page = customers.data;
  // Filtered on one customer, the list has no Owner column to name.
  const customerNames = customerId ? new Map<string, string>() : await loadCustomerNames(client, page?.data.map((a) => a.customerId) ?? []);
  const actions = canManage
    ? (a: { id: string; currency: string; customerId?: string; accountInfo: Parameters<typeof externalAccountSummary>[0] }) => {
        const { kind, identifier } = externalAccountSummary(a.accountInfo);
        return <DeleteExternalAccountButton externalAccountId={a.id} label={`${a.currency} · ${kind} ${identifier}`} isPlatform={!a.customerId} />;
      }
    : undefined;
  const addHref = `${BASE}/new${customerId ? `?customerId=${encodeURIComponent(customerId)}` : ""}`;

  return (
    <>
      <PageHeader
        title="Accounts"
        description="Balances held at the service, and the bank accounts and wallets money is paid out to."
        actions={canManage && <Link href={addHref} className={buttonClasses("primary")}>Add external account</Link>}
      />
      <AccountsTabs current="/accounts/external" />
      <div className="space-y-6">
        <Card title="Customers' external accounts" description="Status is the account's screening state; the beneficiary check compares the name given with the bank's record." flush>
          <AccountFilters key={`${customerId}|${currency}`} action={BASE} filters={{ customerId, currency }} customer={filterCustomer} currencies={EXTERNAL_CURRENCIES} />
          {page ? (
            <ExternalAccountsTable accounts={page.data} isShowingOwner={!customerId} customerNames={customerNames} actions={actions} empty={customerId || currency ? "No external accounts match these filters." : "No customer external accounts yet."} />
          ) : (
            <div className="p-5">
              <Notice tone="error" title="Could not load external accounts">{customers.error?.message ?? "The service did not answer."}</Notice>
            </div>
          )}
          <CursorPager label="External account pages" {...pagerLinks(BASE, { ...filterQuery(params), ...positionQuery(platformAt, PLATFORM_PAGE) }, customersAt, page)} />
        </Card>
        {!customerId && (
          <Card title="Platform external accounts" description="Your platform's own bank accounts and wallets." flush>
            {platform.data ? (
              <ExternalAccountsTable accounts={platform.data.data} actions={actions} empty="No platform external accounts yet." />
            ) : (
              <div className="p-5">
                <Notice tone="error" title="Could not load platform external accounts">{platform.error?.message ?? "The service did not answer."}</Notice>
              </div>
            )}
            <CursorPager
              label="Platform external account pages"
              {...pagerLinks(BASE, { ...filterQuery(params), ...positionQuery(customersAt, PAGE_PARAMS) }, platformAt, platform.data, PLATFORM_PAGE)}
            />
          </Card>
        )}
      </div>
    </>
  );
}
