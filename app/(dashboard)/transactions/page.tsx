import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { buttonClasses } from "@/components/ui/button-classes";
import { countLabel, CursorPager, pagePosition, pagerLinks } from "@/components/cursor-pager";
import { PageHeader } from "@/components/page-header";
import { pageHref } from "@/components/page-params";
import { TransactionFilters } from "./_components/transaction-filters";
import { TransactionsTable } from "./_components/transactions-table";
import { customerLabel, toCustomerOption } from "../customers/_lib/customer-search";
import { loadCustomerNames } from "../customers/_lib/load-customer-names";
import { FilterProblems } from "./_components/filter-problems";
import { TransactionListParamsSchema, apiQuery, filterProblems, filterQuery, isFiltered } from "./_lib/list-params";
import { transactionHref } from "./_lib/transaction-href";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "Transactions" };

const PAGE_SIZE = 20;
const TRANSACTION_ID = /^(?:Transaction:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const search = await searchParams;
  const params = TransactionListParamsSchema.parse(search);
  const position = pagePosition(search);
  // A transaction id in the search box goes straight to its page; anything else is a reference.
  const idMatch = params.q ? TRANSACTION_ID.exec(params.q) : null;
  if (idMatch) redirect(transactionHref(`Transaction:${idMatch[1]}`));

  const client = await serviceClient();
  // Filters that cannot match (or that the API refuses) are explained instead of listing nothing.
  const problems = filterProblems(params);
  const [{ data: page, error }, customer] = await Promise.all([
    problems.length > 0 ? { data: undefined, error: undefined } : client.GET("/transactions", { params: { query: apiQuery(params, PAGE_SIZE, position.cursor) } }),
    params.customerId ? client.GET("/customers/{customerId}", { params: { path: { customerId: params.customerId } } }) : undefined,
  ]);
  const customerNames = page ? await loadCustomerNames(client, page.data.map((t) => t.customerId)) : new Map<string, string>();
  const filters = filterQuery(params);
  const isNarrowed = isFiltered(filters);
  const total = page ? countLabel(page) : "0";
  const order = params.sortOrder === "asc" ? "oldest first" : "newest first";

  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every payment in and out and every card transaction, with its status."
        actions={
          can(user, "TRANSACT") && (
            <Link href="/transactions/new" className={buttonClasses("primary")}>
              Send transfer
            </Link>
          )
        }
      />
      <Card
        title="All transactions"
        description={page ? `${total} transaction(s)${isNarrowed ? " matching the filters" : ""}, ${order}.` : undefined}
        actions={
          // Every page of what the filters match, not only this one. A plain link: the file downloads, and a refusal shows as a page.
          page && (
            <a href={pageHref("/transactions/export.csv", filters)} className={buttonClasses("secondary")}>
              Export CSV
            </a>
          )
        }
        flush
      >
        {/* Keyed by the filters so the uncontrolled fields show the URL's values after Clear or Back. */}
        <TransactionFilters key={Object.values(filters).join("|")} filters={filters} customerLabel={customer?.data && customerLabel(toCustomerOption(customer.data))} problems={problems} />
        {problems.length > 0 ? (
          <FilterProblems problems={problems} filters={filters} />
        ) : page ? (
          <TransactionsTable transactions={page.data} customerNames={customerNames} isFiltered={isNarrowed} />
        ) : (
          <div className="p-5">
            <Notice tone="error" title="Could not load transactions">
              {error?.message ?? "The service did not answer."}
            </Notice>
          </div>
        )}
        {page && <CursorPager label="Transaction pages" {...pagerLinks("/transactions", filters, position, page)} />}
      </Card>
    </>
  );
}
