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
 * Usage of each agent at `at` (BEHAVIORS.md §8: counted at execution): APPROVED actions executed
 * this UTC day (count and spend) and this month (spend), spend in the policy's currency as
 * evaluated when the action was requested. Agents without actions get zeros.
 */
export async function agentUsage(db: DbOrTx, agentIds: string[], at: Date): Promise<Map<string, AgentUsage>> {
  const { dayStart, monthStart, day, month } = usageWindows(at);
  const usage = new Map<string, AgentUsage>(
    agentIds.map((id) => [id, { dailyTransactionCount: 0, dailySpend: 0, dailyResetDate: day, monthlySpend: 0, monthlyResetMonth: month }]),
  );
  if (agentIds.length === 0) return usage;
  const [daily, monthly] = await Promise.all([
    db.agentAction.groupBy({ by: ["agentId"], where: { agentId: { in: agentIds }, status: "APPROVED", executedAt: { gte: dayStart, lte: at } }, _count: { _all: true }, _sum: { spendAmount: true } }),
    db.agentAction.groupBy({ by: ["agentId"], where: { agentId: { in: agentIds }, status: "APPROVED", executedAt: { gte: monthStart, lte: at } }, _sum: { spendAmount: true } }),
  ]);
  for (const row of daily) {
    const u = usage.get(row.agentId)!;
    u.dailyTransactionCount = row._count._all;
    u.dailySpend = Number(row._sum.spendAmount ?? 0n);
  }
  for (const row of monthly) usage.get(row.agentId)!.monthlySpend = Number(row._sum.spendAmount ?? 0n);
  return usage;
}
