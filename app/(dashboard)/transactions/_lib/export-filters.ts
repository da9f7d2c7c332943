import { TransactionListParamsSchema, filterProblems, ignoredFilters, type TransactionListParams } from "./list-params";

export type ExportFilters = { ok: true; params: TransactionListParams } | { ok: false; problems: string[] };

/** A value as the URL gave it, quoted and cut short. */
function shown(value: string | string[] | undefined): string {
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * The export's filters, read from its URL as the Transactions page reads its own (a repeated
 * parameter as an array), or what is wrong with them: the page's own filter problems, and any
 * filter the page would quietly drop, since an export must not widen to more than was asked.
 */
export function exportFilters(url: URL): ExportFilters {
  const search: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    search[key] = values.length === 1 ? values[0]! : values;
  }
  const params = TransactionListParamsSchema.parse(search);
  const problems = [
    ...ignoredFilters(search, params).map((key) => `The ${key} filter ${shown(search[key])} is not one the list understands: correct or remove it.`),
    ...filterProblems(params).map((problem) => problem.message),
  ];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, params };
}
