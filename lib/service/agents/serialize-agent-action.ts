import type { AgentAction as AgentActionRow } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { formatId } from "../http/ids";
import { serializeQuote } from "../quotes/serialize-quote";
import { serializeTransaction } from "../transactions/serialize-transaction";
import type { AgentAction, AgentActionType, AgentTransferDetails } from "./schemas";

export type { AgentActionRow };

/**
 * AgentActions as the API shows them (BEHAVIORS.md §8): with the quote (EXECUTE_QUOTE), the
 * transfer details (transfers) and the transaction once there is one. Loads what the rows point
 * to in three queries for the whole list.
 */
export async function showAgentActions(db: DbOrTx, rows: AgentActionRow[]): Promise<AgentAction[]> {
  const ids = (pick: (r: AgentActionRow) => string | null) => [...new Set(rows.map(pick).filter((id): id is string => id !== null))];
  const platformId = { in: ids((r) => r.platformId) };
  const [customers, transactions, quotes] = await Promise.all([
    db.customer.findMany({ where: { id: { in: ids((r) => r.customerId) }, platformId }, select: { id: true, platformCustomerId: true } }),
    db.transaction.findMany({ where: { id: { in: ids((r) => r.transactionId) }, platformId } }),
    db.quote.findMany({ where: { id: { in: ids((r) => r.quoteId) }, platformId } }),
  ]);
  const customerById = new Map(customers.map((c) => [c.id, c.platformCustomerId]));
  const transactionById = new Map(transactions.map((t) => [t.id, t]));
  const quoteById = new Map(quotes.map((q) => [q.id, q]));
  return rows.map((row) => {
    const transaction = row.transactionId ? transactionById.get(row.transactionId) : undefined;
    const quote = row.quoteId ? quoteById.get(row.quoteId) : undefined;
    return {
      id: formatId("AgentAction", row.id),
      agentId: formatId("Agent", row.agentId),
      customerId: formatId("Customer", row.customerId),
      platformCustomerId: customerById.get(row.customerId) ?? "",
      status: row.status as AgentAction["status"],
      type: row.type as AgentActionType,
      ...(quote && { quote: serializeQuote(quote) }),
      ...(row.transferDetails !== null && { transferDetails: row.transferDetails as AgentTransferDetails }),
      ...(transaction && { transaction: serializeTransaction(transaction) }),
      ...(row.rejectionReason !== null && { rejectionReason: row.rejectionReason }),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function showAgentAction(db: DbOrTx, row: AgentActionRow): Promise<AgentAction> {
  return (await showAgentActions(db, [row]))[0]!;
}
