import type { Card, CardTransaction as CardTransactionRow } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "../db";
import { ServiceError } from "../http/errors";
import { captureHold } from "../ledger/capture-hold";
import { refusedForBalance } from "../ledger/insufficient-balance";
import { placeHold } from "../ledger/place-hold";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { releaseHold } from "../ledger/release-hold";
import { balanceUpdated, cardLedgerAccounts, lockCardTransaction, updateCardTransaction } from "./card-transaction-rows";
import { descriptorSuffix } from "./decide-authorization";
import { expireAuthorization, isLateClearing } from "./expire-authorization";
import { postCardCredit } from "./post-card-credit";
import type { CardMerchant, SandboxCardSimulationResponse } from "./schemas";
import { BALANCE_INQUIRY } from "./simulate-balance-inquiry";
import { CARD_PURCHASE } from "./simulate-authorization";
import { simulationContext } from "./simulation-context";

/**
 * POST /sandbox/cards/{id}/simulate/clearing (BEHAVIORS.md §4.9, §5) on an AUTHORIZED or
 * PARTIALLY_SETTLED row. Debits: the hold of the unsettled remainder is captured for the cleared
 * amount; = remainder → SETTLED; < remainder → PARTIALLY_SETTLED with the rest held again for
 * later clearings; > remainder → a second pull for the difference, then SETTLED (EXCEPTION with
 * only the held part moved when the balance cannot cover it); 0 → the authorization expires: the
 * hold is released, VOIDED (SETTLED when earlier clearings posted). Descriptor suffix 006: the
 * money moves but the pull confirmation fails → EXCEPTION. Credits: the funding account is
 * credited; cleared in full → SETTLED, else PARTIALLY_SETTLED; 0 → VOIDED. Clearings post on
 * frozen and closed cards too, including late ones for authorizations the close expired or that
 * expired uncleared at the end of their hold (isLateClearing): no hold is left, so a debit is a
 * fresh pull (EXCEPTION when the balance cannot cover it) and the row ends SETTLED.
 * Throws: NOT_FOUND, INVALID_STATE_TRANSITION.
 */
export async function simulateClearing(db: Db, input: { platformId: string; cardId: string; request: { cardTransactionId: string; amount: number } }): Promise<SandboxCardSimulationResponse> {
  return db.$transaction(async (tx) => {
    const { card } = await simulationContext(tx, { platformId: input.platformId, cardId: input.cardId });
    const row = await lockCardTransaction(tx, card, input.request.cardTransactionId);
    const amount = BigInt(input.request.amount);
    const isLate = isLateClearing(card, row);
    if (!isLate && ((row.status !== "AUTHORIZED" && row.status !== "PARTIALLY_SETTLED") || row.kind === BALANCE_INQUIRY))
      throw new ServiceError("INVALID_STATE_TRANSITION", `Card transaction ${input.request.cardTransactionId} is ${row.status}${row.kind === BALANCE_INQUIRY ? " (balance inquiry)" : ""}; only AUTHORIZED or PARTIALLY_SETTLED authorizations can clear`);
    if (isLate && amount === 0n)
      throw new ServiceError(
        "INVALID_STATE_TRANSITION",
        `Card transaction ${input.request.cardTransactionId} already expired ${row.expiredAt ? "uncleared at the end of its hold" : `when card ${input.cardId} closed`} (${row.status}); a late clearing posts an amount above 0`,
      );
    if (row.direction === "CREDIT") await clearCredit(tx, card, row, amount, isLate);
    else await clearDebit(tx, card, row, amount);
    return { issuerTransactionToken: row.issuerTransactionToken };
  });
}

async function clearCredit(tx: Tx, card: Card, row: CardTransactionRow, amount: bigint, isLate: boolean): Promise<void> {
  if (amount === 0n) {
    await expireAuthorization(tx, row);
    return;
  }
  await postCardCredit(tx, { card, accountId: row.accountId, amount, cardTransactionId: row.id });
  const settled = row.settledAmount + amount;
  // A late clearing (card closed, or the authorization expired) expects no more: it ends SETTLED whatever it covered.
  await updateCardTransaction(tx, row, { settledAmount: settled, settlementCount: { increment: 1 }, status: settled >= row.authorizedAmount || isLate ? "SETTLED" : "PARTIALLY_SETTLED" });
}

async function clearDebit(tx: Tx, card: Card, row: CardTransactionRow, amount: bigint): Promise<void> {
  const platformId = card.platformId;
  const hold = row.holdId ? await tx.hold.findFirst({ where: { id: row.holdId, platformId, status: "ACTIVE" } }) : null;
  const remainder = hold?.amount ?? 0n;
  if (amount === 0n) {
    await expireAuthorization(tx, row);
    return;
  }
  const { funding, clearing } = await cardLedgerAccounts(tx, platformId, row.accountId, card.currency);
  const extra = amount > remainder ? amount - remainder : 0n;
  const settle = async (moved: bigint) => {
    const entries = [
      { ledgerAccountId: funding.id, amount: -moved },
      { ledgerAccountId: clearing.id, amount: moved },
    ];
    if (hold && moved > 0n) await captureHold(tx, { platformId, holdId: hold.id, kind: CARD_PURCHASE, transactionId: row.id, entries });
    else if (hold) await releaseHold(tx, { platformId, holdId: hold.id });
    else if (moved > 0n) await postLedgerTransaction(tx, { platformId, kind: CARD_PURCHASE, transactionId: row.id, entries });
  };
  // The balance was read without the ledger's lock: a payment may spend it before the posting takes
  // the lock, and then the ledger refuses the extra pull and only the held part moves, as when short.
  const isCovered = funding.postedBalance - funding.heldAmount >= extra && (await settle(amount).then(() => true, refusedForBalance));
  if (!isCovered) await settle(remainder);
  const moved = isCovered ? amount : remainder;

  const isException = !isCovered || descriptorSuffix((row.merchant as CardMerchant).descriptor) === "006";
  const rest = remainder > amount ? remainder - amount : 0n;
  const nextHold = rest > 0n && !isException ? await placeHold(tx, { platformId, ledgerAccountId: funding.id, amount: rest, reference: row.issuerTransactionToken, transactionId: row.id }) : null;
  await updateCardTransaction(tx, row, {
    holdId: nextHold?.id ?? null,
    settledAmount: { increment: moved },
    settlementCount: { increment: 1 },
    ...(extra > 0n && isCovered && { pullCount: { increment: 1 }, pullTotal: { increment: extra } }),
    status: isException ? "EXCEPTION" : nextHold ? "PARTIALLY_SETTLED" : "SETTLED",
  });
  await balanceUpdated(tx, platformId, row.accountId);
}
