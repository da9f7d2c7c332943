import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Page } from "../http/pagination";
import type { Agent, AgentListQuery } from "./schemas";
import { showAgents } from "./serialize-agent";

/** GET /agents: the platform's live agents, newest first. */
export async function listAgents(db: Db, platformId: string, query: AgentListQuery): Promise<Page<Agent>> {
  const customerId = query.customerId === undefined ? undefined : parseId("Customer", query.customerId);
  if (customerId === null) throw invalidInput([{ field: "customerId", message: "must be a Customer:<uuid> id", constraint: { format: "Customer:<uuid>" } }]);
  const where: Prisma.AgentWhereInput = {
    platformId,
    deletedAt: null,
    ...(customerId !== undefined && { customerId }),
    ...(query.isPaused !== undefined && { isPaused: query.isPaused }),
    ...(query.isConnected !== undefined && { connectedAt: query.isConnected ? { not: null } : null }),
    createdAt: { gte: optionalDate(query.createdAfter), lt: optionalDate(query.createdBefore) },
    updatedAt: { gte: optionalDate(query.updatedAfter), lt: optionalDate(query.updatedBefore) },
  };
  const [rows, count] = await Promise.all([
    db.agent.findMany({ where: { AND: [where, afterCursor(decodeCursor(query.cursor))] }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 }),
    db.agent.count(countArgs(where)),
  ]);
  const page = toPage(rows, query.limit, count, (row) => row);
  return { ...page, data: await showAgents(db, platformId, page.data) };
}

function optionalDate(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}
