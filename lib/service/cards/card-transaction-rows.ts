import { randomBytes } from "node:crypto";
import type { Card, CardTransaction as CardTransactionRow, Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, uuidv7 } from "../http/ids";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { now } from "../sandbox/clock";
import { enqueueBalanceUpdated } from "../transfers/enqueue-balance-updated";
import { enqueueCardTransactionEvent } from "./card-events";
import type { CardMerchant } from "./schemas";

/** A fresh issuer token, as the simulators answer it (202 {issuerTransactionToken}). */
export function newIssuerTransactionToken(): string {
  return `itt_${randomBytes(12).toString("hex")}`;
}

/**
 * The card transaction `CardTransaction:<uuid>` of this card, locked for update so simulations on
 * one transaction run one at a time. Throws: NOT_FOUND.
 */
export async function lockCardTransaction(tx: DbOrTx, card: Card, cardTransactionId: string): Promise<CardTransactionRow> {
  const id = parseId("CardTransaction", cardTransactionId, { allowBare: true });
  if (id) await tx.$queryRaw`SELECT 1 FROM "CardTransaction" WHERE "id" = ${id}::uuid AND "cardId" = ${card.id}::uuid FOR UPDATE`;
  const row = id ? await tx.cardTransaction.findFirst({ where: { id, cardId: card.id, platformId: card.platformId } }) : null;
  if (!row) throw new ServiceError("NOT_FOUND", `Card transaction ${cardTransactionId} of card ${card.id} not found`, { details: { field: "cardTransactionId" } });
  return row;
}

/** The ledger accounts a card movement touches: the funding account's and the Service's clearing account. */
export async function cardLedgerAccounts(tx: DbOrTx, platformId: string, internalAccountId: string, currency: string) {
  const funding = await findLedgerAccount(tx, { platformId, internalAccountId });
  if (!funding) throw new ServiceError("FUNDING_SOURCE_INELIGIBLE", `Funding account InternalAccount:${internalAccountId} has no balance yet`);
  const { clearing } = await ensureSystemAccounts(tx, platformId, currency);
  return { funding, clearing };
}

/** Inserts a card transaction row and fires its CARD_TRANSACTION.<status> event. */
export async function insertCardTransaction(
  tx: DbOrTx,
  input: {
    card: Card;
    platformCustomerId: string;
    accountId: string;
    id?: string;
    kind: string;
    status: CardTransactionRow["status"];
    direction: "DEBIT" | "CREDIT";
    merchant: CardMerchant;
    authorizedAmount: bigint;
    issuerTransactionToken: string;
    extra?: Partial<Prisma.CardTransactionUncheckedCreateInput>;
  },
): Promise<CardTransactionRow> {
  const at = await now(tx, input.card.platformId);
  const row = await tx.cardTransaction.create({
    data: {
      id: input.id ?? uuidv7(at.getTime()),
      platformId: input.card.platformId,
      cardId: input.card.id,
      customerId: input.card.customerId,
      platformCustomerId: input.platformCustomerId,
      accountId: input.accountId,
      issuerTransactionToken: input.issuerTransactionToken,
      kind: input.kind,
      status: input.status,
      direction: input.direction,
      merchant: input.merchant,
      currency: input.card.currency,
      authorizedAmount: input.authorizedAmount,
      authorizedAt: at,
      lastEventAt: at,
      createdAt: at,
      updatedAt: at,
      ...input.extra,
    },
  });
  await enqueueCardTransactionEvent(tx, row, at);
  return row;
}

/** Updates a card transaction and fires CARD_TRANSACTION.<status> (re-fired on SETTLED amount changes). */
export async function updateCardTransaction(tx: DbOrTx, row: CardTransactionRow, data: Prisma.CardTransactionUncheckedUpdateInput): Promise<CardTransactionRow> {
  const at = await now(tx, row.platformId);
  const updated = await tx.cardTransaction.update({ where: { id: row.id }, data: { ...data, lastEventAt: at, updatedAt: at } });
  await enqueueCardTransactionEvent(tx, updated, at);
  return updated;
}

/** INTERNAL_ACCOUNT.BALANCE_UPDATED after a card movement of the funding account. */
export async function balanceUpdated(tx: DbOrTx, platformId: string, internalAccountId: string): Promise<void> {
  await enqueueBalanceUpdated(tx, platformId, internalAccountId);
}
