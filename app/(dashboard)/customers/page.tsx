import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CursorPager, pagePosition, pagerLinks } from "@/components/cursor-pager";
import { PageHeader } from "@/components/page-header";
import { CustomerFilters, isFiltered } from "./_components/customer-filters";
import { CustomersTable } from "./_components/customers-table";
import { customerHref } from "./_components/kyc-status-badge";
import { loadCustomerList } from "./_lib/load-customer-list";
import { CustomerListParamsSchema, filterQuery, filtersOf, searchOf } from "./list-params";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "Customers" };

const PAGE_SIZE = 20;

export default async function CustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const query = await searchParams;
  const params = CustomerListParamsSchema.parse(query);
  const search = searchOf(params);
  if (search.kind === "id") redirect(customerHref(search.customerId));
  const filters = filtersOf(params);
  const client = await serviceClient();
  const [list, { data: config }] = await Promise.all([loadCustomerList(client, params, { pageSize: PAGE_SIZE, isFiltered: isFiltered(filters) }), client.GET("/config")]);
  const canManage = can(user, "MANAGE");

  return (
    <>
      <PageHeader
        title="Customers"
        description="Individuals and businesses on your platform, with their KYC/KYB status and accounts."
        actions={
          canManage && (
            <>
              <Link href="/customers/import" className={buttonClasses("secondary")}>
                Import CSV
              </Link>
              <Link href="/customers/new" className={buttonClasses("primary")}>
                New customer
              </Link>
            </>
          )
        }
      />
      <Card title="All customers" description={list.kind === "failed" ? undefined : list.description} flush>
        <CustomerFilters key={JSON.stringify(filters)} filters={filters} currencies={config?.supportedCurrencies.map((c) => c.currencyCode) ?? []} />
        {list.kind === "failed" ? (
          <div className="p-5">
            <Notice tone="error" title="Could not load customers">
              {list.message}
            </Notice>
          </div>
        ) : (
          <CustomersTable customers={list.customers} isFiltered={isFiltered(filters)} />
        )}
        {list.kind === "page" && <CursorPager label="Customer pages" {...pagerLinks("/customers", filterQuery(params), pagePosition(query), list.page)} />}
      </Card>
    </>
  );
}
