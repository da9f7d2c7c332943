import type { Agent as AgentRow } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import { agentUsage } from "./agent-usage";
import type { Agent, AgentPolicy, AgentUsage } from "./schemas";

export type { AgentRow };

/** Agent as the API shows it, with its usage (lib/service/agents/agent-usage.ts). */
export function serializeAgent(row: AgentRow, usage: AgentUsage): Agent {
  return {
    id: formatId("Agent", row.id),
    name: row.name,
    customerId: formatId("Customer", row.customerId),
    isPaused: row.isPaused,
    isConnected: row.connectedAt !== null,
    policy: row.policy as AgentPolicy,
    usage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Serializes agents of one platform with their usage now (one query pair for the whole list). */
export async function showAgents(db: DbOrTx, platformId: string, rows: AgentRow[]): Promise<Agent[]> {
  const usage = await agentUsage(db, rows.map((r) => r.id), await now(db, platformId));
  return rows.map((row) => serializeAgent(row, usage.get(row.id)!));
}

export async function showAgent(db: DbOrTx, row: AgentRow): Promise<Agent> {
  return (await showAgents(db, row.platformId, [row]))[0]!;
}
