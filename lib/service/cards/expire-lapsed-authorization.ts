import type { CardTransaction as CardTransactionRow } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import type { JobContext } from "../jobs/handlers";
import { scheduleJob } from "../jobs/schedule-job";
import { now } from "../sandbox/clock";
import { expireAuthorization } from "./expire-authorization";

export const EXPIRE_CARD_AUTHORIZATION_JOB = "card.expire-authorization";

/** How long an authorization holds uncleared before it expires: the usual card-network hold (BEHAVIORS.md §5 leaves the time open). */
export const AUTHORIZATION_HOLD_DAYS = 7;

/** When an authorization still open expires: AUTHORIZATION_HOLD_DAYS after `authorizedAt` (an advice re-sizing it does not extend it). */
export function authorizationExpiresAt(row: Pick<CardTransactionRow, "authorizedAt">): Date {
  return new Date(row.authorizedAt.getTime() + AUTHORIZATION_HOLD_DAYS * 24 * 60 * 60 * 1000);
}

/** Schedules the expiry of an authorization just written AUTHORIZED, in the transaction that wrote it. */
export async function scheduleAuthorizationExpiry(tx: Tx, row: CardTransactionRow): Promise<void> {
  await scheduleJob(tx, { platformId: row.platformId, kind: EXPIRE_CARD_AUTHORIZATION_JOB, payload: { cardTransactionId: row.id }, runAt: authorizationExpiresAt(row) });
}

/**
 * Job EXPIRE_CARD_AUTHORIZATION_JOB (BEHAVIORS.md §5 "`AUTHORIZED` | expired uncleared | `VOIDED`,
 * hold released"): an authorization still AUTHORIZED or PARTIALLY_SETTLED when its hold time is up
 * expires (expireAuthorization): VOIDED, or SETTLED at what cleared, its hold released, with its
 * CARD_TRANSACTION.* and INTERNAL_ACCOUNT.BALANCE_UPDATED events, in one transaction. It is marked
 * `expiredAt`, so a clearing that arrives later still posts, as after a card's close
 * (isLateClearing). The card is locked before the row, as the simulators and a close lock them.
 */
export async function runExpireLapsedAuthorization({ db, platformId, payload }: JobContext): Promise<void> {
  const { cardTransactionId } = payload as { cardTransactionId: string };
  await db.$transaction(async (tx) => {
    const [ref] = await tx.$queryRaw<{ cardId: string }[]>`SELECT "cardId" FROM "CardTransaction" WHERE "id" = ${cardTransactionId}::uuid AND "platformId" = ${platformId}::uuid`;
    if (!ref) return;
    await tx.$queryRaw`SELECT 1 FROM "Card" WHERE "id" = ${ref.cardId}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
    await tx.$queryRaw`SELECT 1 FROM "CardTransaction" WHERE "id" = ${cardTransactionId}::uuid FOR UPDATE`;
    const row = await tx.cardTransaction.findFirst({ where: { id: cardTransactionId, platformId } });
    if (!row || (row.status !== "AUTHORIZED" && row.status !== "PARTIALLY_SETTLED")) return;
    const at = await now(tx, platformId);
    if (at < authorizationExpiresAt(row)) return;
    await expireAuthorization(tx, row, { expiredAt: at });
  });
}
