import type { Db } from "../db";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { refusedForBalance } from "../ledger/insufficient-balance";
import { placeHold } from "../ledger/place-hold";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { balanceUpdated, insertCardTransaction, newIssuerTransactionToken } from "./card-transaction-rows";
import { decideAuthorization, descriptorSuffix } from "./decide-authorization";
import { scheduleAuthorizationExpiry } from "./expire-lapsed-authorization";
import type { SandboxCardAuthorizationRequest, SandboxCardSimulationResponse } from "./schemas";
import { simulationContext } from "./simulation-context";

export const PULL_PENDING_SECONDS = 30;
export const CARD_PURCHASE = "CARD_PURCHASE";

/**
 * POST /sandbox/cards/{id}/simulate/authorization and …/financial_authorization (BEHAVIORS.md
 * §4.9): a purchase decided by decideAuthorization. Declined → DEBIT row DECLINED with
 * cardDeclinedReason, nothing moves; also when a payment spent the balance between the decision and
 * the hold (the ledger's own check under its lock). Approved authorization → the amount is held on the funding
 * account (first pull), row AUTHORIZED. Approved financial (single-message) authorization → the
 * amount is debited at once, row SETTLED; with descriptor suffix 006 the money moves but the pull
 * confirmation fails → EXCEPTION, as at clearing. The row is written before the 202 answer (10.17).
 * Throws: NOT_FOUND, INVALID_INPUT (currency not the card's).
 */
export async function simulateAuthorization(
  db: Db,
  input: { platformId: string; cardId: string; request: SandboxCardAuthorizationRequest; isFinancial?: boolean },
): Promise<SandboxCardSimulationResponse> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const { card, platformCustomerId } = await simulationContext(tx, { platformId, cardId: input.cardId, currencyCode: request.currency.code });
    const amount = BigInt(request.amount);
    const decision = await decideAuthorization(tx, { card, amount, direction: "DEBIT", descriptor: request.merchant.descriptor });
    const issuerTransactionToken = newIssuerTransactionToken();
    const base = {
      card,
      platformCustomerId,
      accountId: decision.account?.id ?? card.fundingSources[0]!,
      kind: input.isFinancial ? "FINANCIAL_AUTHORIZATION" : "AUTHORIZATION",
      direction: "DEBIT" as const,
      merchant: request.merchant,
      authorizedAmount: amount,
      issuerTransactionToken,
    };
    if (decision.declinedReason !== null) {
      await insertCardTransaction(tx, { ...base, status: "DECLINED", extra: { cardDeclinedReason: decision.declinedReason } });
      return { issuerTransactionToken };
    }
    const at = await now(tx, platformId);
    const id = uuidv7(at.getTime());
    const ledgerAccount = decision.ledgerAccount!;
    const pull = { pullCount: 1, pullTotal: amount, ...(decision.isPullDelayed && { pullPendingUntil: new Date(at.getTime() + PULL_PENDING_SECONDS * 1000) }) };
    try {
      if (input.isFinancial) {
        const { clearing } = await ensureSystemAccounts(tx, platformId, card.currency);
        await postLedgerTransaction(tx, {
          platformId,
          kind: CARD_PURCHASE,
          transactionId: id,
          entries: [
            { ledgerAccountId: ledgerAccount.id, amount: -amount },
            { ledgerAccountId: clearing.id, amount },
          ],
        });
        const isPullConfirmationFailed = descriptorSuffix(request.merchant.descriptor) === "006";
        await insertCardTransaction(tx, { ...base, id, status: isPullConfirmationFailed ? "EXCEPTION" : "SETTLED", extra: { ...pull, settledAmount: amount, settlementCount: 1 } });
      } else {
        const hold = await placeHold(tx, { platformId, ledgerAccountId: ledgerAccount.id, amount, reference: issuerTransactionToken, transactionId: id });
        await scheduleAuthorizationExpiry(tx, await insertCardTransaction(tx, { ...base, id, status: "AUTHORIZED", extra: { ...pull, holdId: hold.id } }));
      }
    } catch (error) {
      // The decision read the balance without a lock; a payment that committed since then may have
      // spent it. The ledger re-checks under its lock and refuses before writing anything, so the
      // purchase is declined like any other short one (a network expects a decline, not an error).
      refusedForBalance(error);
      await insertCardTransaction(tx, { ...base, status: "DECLINED", extra: { cardDeclinedReason: "INSUFFICIENT_FUNDS" } });
      return { issuerTransactionToken };
    }
    await balanceUpdated(tx, platformId, ledgerAccount.internalAccountId!);
    return { issuerTransactionToken };
  });
}
