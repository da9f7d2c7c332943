import type { components } from "@/lib/client/generated/schema";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { TransactionsTable, paymentTransactions } from "../../transactions/_components/transactions-table";
import { countLabel } from "@/components/cursor-pager";

type TransactionList = components["schemas"]["TransactionListResponse"];

/** The customer's latest payments in and out (GET /transactions?customerId=…). */
export function CustomerTransactions({ page, error }: { page?: TransactionList; error?: string }) {
  const count = page ? countLabel(page) : "0";
  return (
    <Card title="Transactions" description={page ? `${count} transaction(s), newest first${page.hasMore ? "; the latest are shown" : ""}.` : undefined} flush>
      {page ? (
        <TransactionsTable transactions={paymentTransactions(page.data)} isFiltered={false} />
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
