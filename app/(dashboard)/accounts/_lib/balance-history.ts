import type { components } from "@/lib/client/generated/schema";
import { minorUnitsToString } from "@/components/money";

type BalanceChange = components["schemas"]["BalanceChange"];

export interface BalancePoint {
  at: string;
  /** Posted balance after this change, exact digits. */
  value: string;
  changeId?: string;
}

/**
 * The running posted balance through the window: the opening balance at the window's start, then
 * the balance after each change (bigint sums; SPEC: opening + every change = closing).
 */
export function balanceHistory(openingBalance: number, changes: BalanceChange[], startAt: string | undefined): BalancePoint[] {
  let running = BigInt(minorUnitsToString(openingBalance));
  const points: BalancePoint[] = [];
  const firstAt = startAt ?? changes[0]?.effectiveAt;
  if (firstAt) points.push({ at: firstAt, value: running.toString() });
  for (const change of changes) {
    running += BigInt(minorUnitsToString(change.amount));
    points.push({ at: change.effectiveAt, value: running.toString(), changeId: change.id });
  }
  return points;
}

/** Balance after each change, by change id (for the table's running-balance column). */
export function balanceAfterById(points: BalancePoint[]): Map<string, string> {
  return new Map(points.filter((p) => p.changeId).map((p) => [p.changeId!, p.value]));
}
