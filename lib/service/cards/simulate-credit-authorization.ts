import type { Db } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { insertCardTransaction, newIssuerTransactionToken } from "./card-transaction-rows";
import { decideAuthorization } from "./decide-authorization";
import { scheduleAuthorizationExpiry } from "./expire-lapsed-authorization";
import { postCardCredit } from "./post-card-credit";
import type { SandboxCardAuthorizationRequest, SandboxCardSimulationResponse } from "./schemas";
import { simulationContext } from "./simulation-context";

/**
 * POST /sandbox/cards/{id}/simulate/credit_authorization and …/financial_credit_authorization
 * (BEHAVIORS.md §4.9): money towards the cardholder. Decided like a purchase without the spend
 * and balance checks. Credit authorization → CREDIT row AUTHORIZED, nothing moves until clearing
 * (uncleared after 7 days it expires, expire-lapsed-authorization.ts);
 * financial credit (single message) → the funding account is credited at once, row SETTLED.
 * Throws: NOT_FOUND, INVALID_INPUT.
 */
export async function simulateCreditAuthorization(
  db: Db,
  input: { platformId: string; cardId: string; request: SandboxCardAuthorizationRequest; isFinancial?: boolean },
): Promise<SandboxCardSimulationResponse> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const { card, platformCustomerId } = await simulationContext(tx, { platformId, cardId: input.cardId, currencyCode: request.currency.code });
    const amount = BigInt(request.amount);
    const decision = await decideAuthorization(tx, { card, amount, direction: "CREDIT", descriptor: request.merchant.descriptor });
    const issuerTransactionToken = newIssuerTransactionToken();
    const base = {
      card,
      platformCustomerId,
      accountId: decision.account?.id ?? card.fundingSources[0]!,
      kind: input.isFinancial ? "FINANCIAL_CREDIT_AUTHORIZATION" : "CREDIT_AUTHORIZATION",
      direction: "CREDIT" as const,
      merchant: request.merchant,
      authorizedAmount: amount,
      issuerTransactionToken,
    };
    if (decision.declinedReason !== null) {
      await insertCardTransaction(tx, { ...base, status: "DECLINED", extra: { cardDeclinedReason: decision.declinedReason } });
      return { issuerTransactionToken };
    }
    if (!input.isFinancial) {
      await scheduleAuthorizationExpiry(tx, await insertCardTransaction(tx, { ...base, status: "AUTHORIZED" }));
      return { issuerTransactionToken };
    }
    const id = uuidv7((await now(tx, platformId)).getTime());
    await postCardCredit(tx, { card, accountId: base.accountId, amount, cardTransactionId: id });
    await insertCardTransaction(tx, { ...base, id, status: "SETTLED", extra: { settledAmount: amount, settlementCount: 1 } });
    return { issuerTransactionToken };
  });
}
