import type { SqlTx } from "../db";
import { formatId } from "../http/ids";

/**
 * Ends the agent actions waiting for approval to execute a quote that has just expired (BEHAVIORS.md
 * §8: an approval re-checks the quote's expiry, so none of them can ever run): each becomes FAILED
 * with a `rejectionReason` naming the expiry, in the quote expiry's transaction, and leaves the
 * approvals queue. No webhook: the AGENT_ACTION.* events hold only PENDING_APPROVAL. An action
 * being approved or rejected at this moment (its row locked) is skipped, not waited for: that
 * decision ends it (an approval finds the quote EXPIRED → FAILED), and waiting could deadlock, as an
 * approval locks the action before the quote.
 */
export async function failActionsOfExpiredQuote(tx: SqlTx, input: { platformId: string; quoteId: string; expiresAt: Date; at: Date }): Promise<void> {
  const reason = `Quote ${formatId("Quote", input.quoteId)} expired at ${input.expiresAt.toISOString()} before the action was approved; the agent may create a new quote`;
  await tx.$executeRaw`
    UPDATE "AgentAction" SET "status" = 'FAILED', "rejectionReason" = ${reason}, "updatedAt" = ${input.at}::timestamptz
    WHERE "id" IN (
      SELECT "id" FROM "AgentAction"
      WHERE "platformId" = ${input.platformId}::uuid AND "quoteId" = ${input.quoteId}::uuid AND "type" = 'EXECUTE_QUOTE' AND "status" = 'PENDING_APPROVAL'
      FOR UPDATE SKIP LOCKED
    )`;
}
