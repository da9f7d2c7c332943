import type { ReactNode } from "react";

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty?: ReactNode;
  caption?: string;
}

/**
 * A plain, readable table; the caption is for screen readers. A wide table scrolls inside its own
 * box; `relative` keeps absolutely positioned cells' content (sr-only labels) inside that box too,
 * or they would widen the page on a phone.
 */
export function DataTable<T>({ columns, rows, rowKey, empty = "Nothing here yet.", caption }: DataTableProps<T>) {
  if (rows.length === 0) return <p className="px-5 py-10 text-center text-sm text-zinc-500">{empty}</p>;
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-zinc-200 text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-zinc-50">
          <tr>
            {columns.map((column, i) => (
              <th
                key={i}
                scope="col"
                className={`px-5 py-2.5 text-left text-xs font-medium tracking-wide text-zinc-500 uppercase ${column.className ?? ""}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 bg-white">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-zinc-50/60">
              {columns.map((column, i) => (
                <td key={i} className={`px-5 py-3 align-middle text-zinc-700 ${column.className ?? ""}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
