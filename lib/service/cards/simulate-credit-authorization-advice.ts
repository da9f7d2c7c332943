import type { Db } from "../db";
import { insertCardTransaction, newIssuerTransactionToken, updateCardTransaction } from "./card-transaction-rows";
import { scheduleAuthorizationExpiry } from "./expire-lapsed-authorization";
import type { SandboxCardAuthorizationRequest, SandboxCardSimulationResponse } from "./schemas";
import { simulationContext } from "./simulation-context";

/**
 * POST /sandbox/cards/{id}/simulate/credit_authorization_advice (BEHAVIORS.md §4.9): the network
 * tells us of a credit it already approved, keyed by card + merchant descriptor: an open CREDIT
 * AUTHORIZED row of that merchant is re-sized to the advised amount (AUTHORIZED re-fires), else a
 * new CREDIT AUTHORIZED row is written (expiring uncleared 7 days after, expire-lapsed-authorization.ts;
 * a re-size keeps the row's time). Advices are not declined. Nothing moves until clearing.
 * Throws: NOT_FOUND, INVALID_INPUT.
 */
export async function simulateCreditAuthorizationAdvice(db: Db, input: { platformId: string; cardId: string; request: SandboxCardAuthorizationRequest }): Promise<SandboxCardSimulationResponse> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const { card, platformCustomerId } = await simulationContext(tx, { platformId, cardId: input.cardId, currencyCode: request.currency.code });
    const amount = BigInt(request.amount);
    const open = await tx.cardTransaction.findFirst({
      where: { platformId, cardId: card.id, direction: "CREDIT", status: "AUTHORIZED", merchant: { path: ["descriptor"], equals: request.merchant.descriptor } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    if (open) {
      await updateCardTransaction(tx, open, { authorizedAmount: amount });
      return { issuerTransactionToken: open.issuerTransactionToken };
    }
    const issuerTransactionToken = newIssuerTransactionToken();
    const row = await insertCardTransaction(tx, {
      card,
      platformCustomerId,
      accountId: card.fundingSources[0]!,
      kind: "CREDIT_AUTHORIZATION_ADVICE",
      status: "AUTHORIZED",
      direction: "CREDIT",
      merchant: request.merchant,
      authorizedAmount: amount,
      issuerTransactionToken,
    });
    await scheduleAuthorizationExpiry(tx, row);
    return { issuerTransactionToken };
  });
}
