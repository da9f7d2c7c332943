import type { Agent as AgentRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { Agent, AgentPolicy } from "./schemas";

export type { AgentRow };

/** Agent as the API shows it; usage counts actions executed today / this month (none yet: zeros). */
export function serializeAgent(row: AgentRow): Agent {
  return {
    id: formatId("Agent", row.id),
    name: row.name,
    customerId: formatId("Customer", row.customerId),
    isPaused: row.isPaused,
    isConnected: row.connectedAt !== null,
    policy: row.policy as AgentPolicy,
    usage: { dailyTransactionCount: 0, dailySpend: 0, monthlySpend: 0 },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
