import { z } from "zod";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, both included); anything else is dropped. The table's position is pagePosition's. */
export const BalanceWindowParamsSchema = z.object({
  from: z.string().regex(DAY).optional().catch(undefined),
  to: z.string().regex(DAY).optional().catch(undefined),
});
export type BalanceWindowParams = z.infer<typeof BalanceWindowParamsSchema>;

export interface BalanceWindow {
  /** Included; absent: from the first change. */
  startDate?: string;
  /** Excluded; absent: up to the last change. */
  endDate?: string;
}

/** The API's window [startDate, endDate) for whole UTC days: "to" includes that day. */
export function balanceWindow({ from, to }: { from?: string; to?: string }): BalanceWindow {
  const end = to ? new Date(`${to}T00:00:00.000Z`) : undefined;
  end?.setUTCDate(end.getUTCDate() + 1);
  return { startDate: from ? `${from}T00:00:00.000Z` : undefined, endDate: end?.toISOString() };
}

/** The window as URL parameters, for paging and export links. */
export function windowQuery({ from, to }: { from?: string; to?: string }): Record<string, string | undefined> {
  return { from, to };
}
