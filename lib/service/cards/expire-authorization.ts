import type { Card, CardTransaction as CardTransactionRow } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { releaseHold } from "../ledger/release-hold";
import { balanceUpdated, updateCardTransaction } from "./card-transaction-rows";

/**
 * An open authorization expires uncleared (BEHAVIORS.md §5 "`AUTHORIZED` | expired uncleared |
 * `VOIDED`, hold released"): the hold of its uncleared part is released and it ends VOIDED, or
 * SETTLED at what already cleared, with its CARD_TRANSACTION.* event and, when money was held,
 * INTERNAL_ACCOUNT.BALANCE_UPDATED. A clearing of 0, closing the card and the hold's time running
 * out (expire-lapsed-authorization.ts) end an authorization this way; a close passes
 * `resolvedByCloseAt`, the hold's end `expiredAt`: either marks the row for late clearings. The
 * caller holds the row's lock.
 */
export async function expireAuthorization(tx: Tx, row: CardTransactionRow, mark?: { resolvedByCloseAt: Date } | { expiredAt: Date }): Promise<CardTransactionRow> {
  const hold = row.holdId ? await tx.hold.findFirst({ where: { id: row.holdId, platformId: row.platformId, status: "ACTIVE" } }) : null;
  if (hold) await releaseHold(tx, { platformId: row.platformId, holdId: hold.id });
  const status = row.settledAmount === 0n ? "VOIDED" : "SETTLED";
  const updated = await updateCardTransaction(tx, row, { holdId: null, status, ...mark });
  if (hold) await balanceUpdated(tx, row.platformId, row.accountId);
  return updated;
}

/**
 * Closing a card resolves its pending authorizations (BEHAVIORS.md §5 "Close: terminal; pending
 * auths resolve"): every AUTHORIZED or PARTIALLY_SETTLED row expires (expireAuthorization), in the
 * close's transaction and under the card's lock, so no hold outlives the card and the account's
 * balance-changes window settles. Clearings that arrive later still post (isLateClearing).
 */
export async function expireOpenAuthorizations(tx: Tx, card: Card): Promise<void> {
  // Locked in id order, as each simulation locks its row after the card's.
  const open = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "CardTransaction" WHERE "cardId" = ${card.id}::uuid AND "platformId" = ${card.platformId}::uuid AND "status" IN ('AUTHORIZED', 'PARTIALLY_SETTLED')
    ORDER BY id FOR UPDATE`;
  for (const { id } of open) {
    const row = await tx.cardTransaction.findFirstOrThrow({ where: { id, platformId: card.platformId } });
    await expireAuthorization(tx, row, { resolvedByCloseAt: card.updatedAt });
  }
}

/**
 * A clearing that arrives after the card closed, for an authorization the close resolved
 * (BEHAVIORS.md §5 "late clearings still post"): marked `resolvedByCloseAt` by the close, with less
 * cleared than authorized. Likewise one that arrives after the authorization expired uncleared at
 * the end of its hold (`expiredAt`): the merchant may still capture, as networks allow (a forced
 * post). It posts as a fresh pull (or credit), the released hold no longer counting, so nothing is
 * lost or moved twice.
 */
export function isLateClearing(card: Card, row: CardTransactionRow): boolean {
  const isResolvedOpen = (card.state === "CLOSED" && row.resolvedByCloseAt !== null) || row.expiredAt !== null;
  return isResolvedOpen && row.settledAmount < row.authorizedAmount;
}
