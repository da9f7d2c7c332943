import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { TransactionsTable } from "../../transactions/_components/transactions-table";
import { transactionListHref } from "../../transactions/_lib/list-params";
import { countLabel } from "@/components/cursor-pager";

type TransactionList = components["schemas"]["TransactionListResponse"];

/** The customer's latest payments in and out and card transactions (GET /transactions?customerId=…); the Transactions page, filtered to them, has every one. */
export function CustomerTransactions({ customerId, page, error }: { customerId: string; page?: TransactionList; error?: string }) {
  const count = page ? countLabel(page) : "0";
  const transactions = page?.data ?? [];
  return (
    <Card
      title="Transactions"
      description={page ? `${count} transaction(s), newest first${page.hasMore ? `; the latest ${transactions.length} are shown` : ""}.` : undefined}
      actions={
        <Link href={transactionListHref({ customerId })} className={buttonClasses("secondary", "sm")}>
          View all transactions
        </Link>
      }
      flush
    >
      {page ? (
        <TransactionsTable transactions={transactions} isFiltered={false} />
      ) : (
        <div className="p-5">
          <Notice tone="error" title="Could not load transactions">
            {error ?? "The service did not answer."}
          </Notice>
        </div>
      )}
    </Card>
  );
}
