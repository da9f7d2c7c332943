import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { transactionListHref, type FilterProblem, type TransactionFilterValues } from "../_lib/list-params";

export const FILTER_PROBLEMS_ID = "transaction-filter-problems";

/** The one-click way out of each problem: the dates swapped, or the status dropped. */
function fixOf(problem: FilterProblem, filters: TransactionFilterValues): { href: string; label: string } {
  if (problem.fields.includes("from")) return { href: transactionListHref({ ...filters, from: filters.to, to: filters.from }), label: "Swap the dates" };
  return { href: transactionListHref({ ...filters, status: undefined }), label: "List card transactions of any status" };
}

/** Shown instead of the list when the filters cannot match anything: what is wrong, and a fix. */
export function FilterProblems({ problems, filters }: { problems: FilterProblem[]; filters: TransactionFilterValues }) {
  return (
    <div id={FILTER_PROBLEMS_ID} className="p-5">
      <Notice tone="error" title="Check the filters" testId="filter-problems">
        <ul className="space-y-1">
          {problems.map((problem) => {
            const fix = fixOf(problem, filters);
            return (
              <li key={problem.fields.join()}>
                {problem.message}{" "}
                <Link href={fix.href} className="font-medium underline">
                  {fix.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </Notice>
    </div>
  );
}
