import type { Db, DbOrTx } from "../db";
import { formatId, parseId } from "../http/ids";
import { executeQuote } from "../quotes/execute-quote";
import { getQuoteOrThrow } from "../quotes/get-quote";
import type { QuoteRow } from "../quotes/serialize-quote";
import { createTransferIn } from "../transfers/create-transfer-in";
import { createTransferOut } from "../transfers/create-transfer-out";
import type { TransferInRequest, TransferOutRequest } from "../transfers/schemas";
import { isSpendingAction } from "./agent-usage";
import type { PolicyCheck } from "./evaluate-policy";
import type { AgentTransferDetails } from "./schemas";
import type { AgentActionRow } from "./serialize-agent-action";

/**
 * Runs an approved agent action (the transfer as the agent sent it, marked with the agent's id, or
 * the quote's execution); answers the bare id of its transaction. Throws what the operation throws
 * (INSUFFICIENT_BALANCE, QUOTE_EXPIRED, …).
 */
export async function runAgentAction(db: Db, action: AgentActionRow): Promise<string> {
  const input = { platformId: action.platformId, agentId: action.agentId };
  if (action.type === "EXECUTE_QUOTE") {
    const walletSignature = (action.request as { walletSignature?: string } | null)?.walletSignature;
    const quote = await executeQuote(db, { platformId: action.platformId, quoteId: formatId("Quote", action.quoteId!), walletSignature, viaAgentAction: true });
    return parseId("Transaction", quote.transactionId)!;
  }
  const transaction =
    action.type === "TRANSFER_OUT"
      ? await createTransferOut(db, { ...input, request: action.request as TransferOutRequest })
      : await createTransferIn(db, { ...input, request: action.request as TransferInRequest });
  return parseId("Transaction", transaction.id)!;
}

/** The policy question an action asks, rebuilt from what it stored (the quote's amounts for EXECUTE_QUOTE). */
export async function policyCheckOf(db: DbOrTx, action: AgentActionRow): Promise<PolicyCheck> {
  if (action.type === "EXECUTE_QUOTE") return quotePolicyCheck(await getQuoteOrThrow(db, action.platformId, action.quoteId!, { allowBare: true }));
  const details = action.transferDetails as AgentTransferDetails;
  const isOut = action.type === "TRANSFER_OUT";
  return {
    permission: "CREATE_TRANSFERS",
    accountIds: [details.sourceAccountId, details.destinationAccountId],
    ruleAccountId: isOut ? details.sourceAccountId : details.destinationAccountId,
    amount: BigInt(details.amount),
    currency: details.currency,
    isSpend: isSpendingAction(action.type),
  };
}

/** Executing a quote spends its total sending amount from its source account. */
export function quotePolicyCheck(quote: QuoteRow): PolicyCheck {
  const source = quote.sourceAccountId ? formatId(quote.sourceAccountKind === "EXTERNAL" ? "ExternalAccount" : "InternalAccount", quote.sourceAccountId) : "";
  const destination =
    quote.destinationAccountId === null ? [] : [formatId(quote.destinationAccountKind === "INTERNAL" ? "InternalAccount" : "ExternalAccount", quote.destinationAccountId)];
  return { permission: "EXECUTE_QUOTES", accountIds: [source, ...destination].filter(Boolean), ruleAccountId: source, amount: quote.totalSendingAmount, currency: quote.sendingCurrency, isSpend: true };
}
