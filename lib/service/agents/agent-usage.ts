import type { DbOrTx } from "../db";
import type { AgentUsage } from "./schemas";

/** Start of the UTC day and month of `at` (the sandbox clock's time). */
export function usageWindows(at: Date): { dayStart: Date; monthStart: Date; day: string; month: string } {
  const dayStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const day = dayStart.toISOString().slice(0, 10);
  return { dayStart, monthStart, day, month: day.slice(0, 7) };
}

/**
 * Money leaving the customer (a transfer-out, a quote's execution) is spend; a transfer-in brings
 * money in and never counts toward the spending limits (BEHAVIORS.md §8 spendingLimits).
 */
export function isSpendingAction(type: string): boolean {
  return type === "TRANSFER_OUT" || type === "EXECUTE_QUOTE";
}

/**
 * Usage of each agent at `at` (BEHAVIORS.md §8: counted at execution): APPROVED actions executed
 * this UTC day (count of every action, spend of spending ones) and this UTC month (spend), spend in the
 * policy's currency as evaluated when the action ran. Agents without actions get zeros.
 */
export async function agentUsage(db: DbOrTx, agentIds: string[], at: Date): Promise<Map<string, AgentUsage>> {
  const { dayStart, monthStart, day, month } = usageWindows(at);
  const usage = new Map<string, AgentUsage>(
    agentIds.map((id) => [id, { dailyTransactionCount: 0, dailySpend: 0, dailyResetDate: day, monthlySpend: 0, monthlyResetMonth: month }]),
  );
  if (agentIds.length === 0) return usage;
  const executedSince = (start: Date) => ({ agentId: { in: agentIds }, status: "APPROVED", executedAt: { gte: start, lte: at } });
  // Grouped by type too: spend is summed by type, not from the stored spendAmount alone, because
  // transfer-ins recorded before this rule carry their amount there.
  const [daily, monthly] = await Promise.all([
    db.agentAction.groupBy({ by: ["agentId", "type"], where: executedSince(dayStart), _count: { _all: true }, _sum: { spendAmount: true } }),
    db.agentAction.groupBy({ by: ["agentId", "type"], where: executedSince(monthStart), _sum: { spendAmount: true } }),
  ]);
  const spendOf = (row: { type: string; _sum: { spendAmount: bigint | null } }) => (isSpendingAction(row.type) ? Number(row._sum.spendAmount ?? 0n) : 0);
  for (const row of daily) {
    const u = usage.get(row.agentId)!;
    u.dailyTransactionCount += row._count._all;
    u.dailySpend += spendOf(row);
  }
  for (const row of monthly) usage.get(row.agentId)!.monthlySpend += spendOf(row);
  return usage;
}
