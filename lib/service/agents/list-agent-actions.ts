import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { invalidInput, ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import { afterCursor, countArgs, decodeCursor, toPage, type Cursor, type Page } from "../http/pagination";
import type { AgentAction, AgentApprovalsQuery, AgentMyActionsQuery } from "./schemas";
import { showAgentActions } from "./serialize-agent-action";

/** GET /agents/approvals: the platform's actions waiting for approval, newest first unless sortOrder=asc; startDate/endDate inclusive. */
export async function listAgentApprovals(db: Db, platformId: string, query: AgentApprovalsQuery): Promise<Page<AgentAction>> {
  const agentId = optionalId("Agent", "agentId", query.agentId);
  const customerId = optionalId("Customer", "customerId", query.customerId);
  const where: Prisma.AgentActionWhereInput = {
    platformId,
    status: "PENDING_APPROVAL",
    agent: { deletedAt: null },
    ...(agentId && { agentId }),
    ...(customerId && { customerId }),
    createdAt: { gte: query.startDate ? new Date(query.startDate) : undefined, lte: query.endDate ? new Date(query.endDate) : undefined },
  };
  return pageOfActions(db, where, query, query.sortOrder);
}

/** GET /agents/me/actions: the calling agent's actions, newest first, optionally by status. */
export async function listMyAgentActions(db: Db, platformId: string, agentId: string, query: AgentMyActionsQuery): Promise<Page<AgentAction>> {
  return pageOfActions(db, { platformId, agentId, ...(query.status && { status: query.status }) }, query, "desc");
}

/** GET /agents/me/actions/{actionId}: one of the calling agent's actions. Throws NOT_FOUND (another agent's too). */
export async function getMyAgentAction(db: Db, platformId: string, agentId: string, actionId: string): Promise<AgentAction> {
  const id = parseId("AgentAction", actionId);
  const row = id ? await db.agentAction.findFirst({ where: { id, platformId, agentId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", notFoundMessage("AgentAction", actionId));
  return (await showAgentActions(db, [row]))[0]!;
}

async function pageOfActions(db: Db, where: Prisma.AgentActionWhereInput, query: { limit: number; cursor?: string }, order: "asc" | "desc"): Promise<Page<AgentAction>> {
  const cursor = decodeCursor(query.cursor);
  const [rows, count] = await Promise.all([
    db.agentAction.findMany({ where: { AND: [where, order === "asc" ? beforeCursor(cursor) : afterCursor(cursor)] }, orderBy: [{ createdAt: order }, { id: order }], take: query.limit + 1 }),
    db.agentAction.count(countArgs(where)),
  ]);
  const page = toPage(rows, query.limit, count, (row) => row);
  return { ...page, data: await showAgentActions(db, page.data) };
}

/** Rows after the cursor in ascending (createdAt, id) order. */
function beforeCursor(cursor: Cursor | undefined) {
  if (!cursor) return {};
  return { OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }] };
}

function optionalId(type: "Agent" | "Customer", field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const id = parseId(type, value);
  if (!id) throw invalidInput([{ field: `query.${field}`, message: `must be a ${type}:<uuid> id`, constraint: { format: `${type}:<uuid>` } }]);
  return id;
}
