import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { countLabel, CursorPager, pagePosition, pagerLinks } from "@/components/cursor-pager";
import { PageHeader } from "@/components/page-header";
import { CustomerFilters, isFiltered } from "./_components/customer-filters";
import { CustomersTable } from "./_components/customers-table";
import { customerHref } from "./_components/kyc-status-badge";
import { CustomerListParamsSchema, filterQuery, filtersOf, listQuery } from "./list-params";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "Customers" };

const PAGE_SIZE = 20;

export default async function CustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const search = await searchParams;
  const params = CustomerListParamsSchema.parse(search);
  if (params.q?.startsWith("Customer:")) redirect(customerHref(params.q));
  const client = await serviceClient();
  const [{ data: page, error }, { data: config }] = await Promise.all([
    client.GET("/customers", { params: { query: { limit: PAGE_SIZE, ...listQuery(params) } } }),
    client.GET("/config"),
  ]);
  const filters = filtersOf(params);
  const total = page ? countLabel(page) : "0";
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
      <Card title="All customers" description={page ? `${total} customer(s)${isFiltered(filters) ? " matching the filters" : ""}, newest first.` : undefined} flush>
        <CustomerFilters key={JSON.stringify(filters)} filters={filters} currencies={config?.supportedCurrencies.map((c) => c.currencyCode) ?? []} />
        {page ? (
          <CustomersTable customers={page.data} isFiltered={isFiltered(filters)} />
        ) : (
          <div className="p-5">
            <Notice tone="error" title="Could not load customers">
              {error?.message ?? "The service did not answer."}
            </Notice>
          </div>
        )}
        <CursorPager label="Customer pages" {...pagerLinks("/customers", filterQuery(params), pagePosition(search), page)} />
      </Card>
    </>
  );
}
