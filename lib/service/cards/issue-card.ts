import { randomBytes } from "node:crypto";
import type { Card as CardRow } from "@/lib/generated/prisma/client";
import type { Db, DbOrTx } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { ServiceError } from "../http/errors";
import { formatId, uuidv7 } from "../http/ids";
import { scheduleJob } from "../jobs/schedule-job";
import { now } from "../sandbox/clock";
import { lockLiveParties } from "../transfers/lock-live-parties";
import { CARD_EVENTS, enqueueCardEvent } from "./card-events";
import { resolveFundingSources } from "./resolve-funding-sources";
import type { Card, CardCreateRequest } from "./schemas";
import { serializeCard } from "./serialize-card";

export const ACTIVATE_CARD_JOB = "card.activate";
export const DELAYED_ACTIVATION_SECONDS = 30;

/**
 * POST /cards (BEHAVIORS.md §5, §4.9): issues a VIRTUAL card to an APPROVED cardholder, funded by
 * the cardholder's accounts of one card-eligible currency; answers the card as created
 * (PROCESSING). The sandbox issuer then answers by the last three characters of `platformCardId`
 * (else of the cardholder id): 001 stays PROCESSING, 002 → CLOSED ISSUER_REJECTED, 005 → ACTIVE
 * after 30 s, anything else → ACTIVE at once; each change fires CARD.STATE_CHANGE. The 3-D Secure
 * password is forwarded to the issuer, never stored. Serialized with DELETE /customers (the
 * cardholder's row share-locked), which closes the cardholder's cards.
 * Throws: USER_NOT_FOUND, CUSTOMER_DELETED, CARDHOLDER_KYC_NOT_APPROVED, INVALID_INPUT, FUNDING_SOURCE_INELIGIBLE.
 */
export async function issueCard(db: Db, input: { platformId: string; request: CardCreateRequest }): Promise<Card> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const cardholder = await getCustomerOrThrow(tx, platformId, request.cardholderId);
    // A delete under way: this waits for it, then 410. One arriving later waits for the card, then closes it.
    await lockLiveParties(tx, platformId, { customerIds: [cardholder.id] });
    if (cardholder.kycStatus !== "APPROVED")
      throw new ServiceError("CARDHOLDER_KYC_NOT_APPROVED", `Cardholder ${request.cardholderId} has kycStatus ${cardholder.kycStatus}; cards are issued to APPROVED customers only`);
    const accounts = await resolveFundingSources(tx, { platformId, cardholderId: cardholder.id, fundingSources: request.fundingSources });
    const at = await now(tx, platformId);
    const created = await tx.card.create({
      data: {
        id: uuidv7(at.getTime()),
        platformId,
        customerId: cardholder.id,
        platformCardId: request.platformCardId ?? null,
        state: "PROCESSING",
        brand: "VISA",
        form: request.form,
        fundingSources: accounts.map((a) => a.id),
        maxSpendPerTransaction: request.maxSpendPerTransaction === undefined ? null : BigInt(request.maxSpendPerTransaction),
        currency: accounts[0]!.currency,
        processorRef: `proc_${randomBytes(8).toString("hex")}`,
        issuerRef: `iss_${randomBytes(8).toString("hex")}`,
        createdAt: at,
        updatedAt: at,
      },
    });
    const suffix = (request.platformCardId ?? formatId("Customer", cardholder.id)).slice(-3);
    if (suffix === "002") await changeCardState(tx, created, { state: "CLOSED", stateReason: "ISSUER_REJECTED" });
    else if (suffix === "005")
      await scheduleJob(tx, { platformId, kind: ACTIVATE_CARD_JOB, payload: { cardId: created.id }, runAt: new Date(at.getTime() + DELAYED_ACTIVATION_SECONDS * 1000) });
    else if (suffix !== "001") await activateCard(tx, created);
    return serializeCard(created);
  });
}

/** The issuer's PROCESSING → ACTIVE: last4 from the issuance suffix, expiry three years out. */
export async function activateCard(tx: DbOrTx, card: CardRow): Promise<CardRow> {
  const at = await now(tx, card.platformId);
  const suffix = (card.platformCardId ?? card.customerId).slice(-3).replace(/[^0-9]/g, "0").padStart(3, "0");
  return changeCardState(tx, card, { state: "ACTIVE", stateReason: null, last4: `4${suffix}`, expMonth: at.getUTCMonth() + 1, expYear: at.getUTCFullYear() + 3 });
}

/** Job ACTIVATE_CARD_JOB (issuance suffix 005): activates the card if it is still PROCESSING. */
export async function runActivateCard({ db, platformId, payload }: { db: Db; platformId: string; payload: unknown }): Promise<void> {
  const { cardId } = payload as { cardId: string };
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Card" WHERE "id" = ${cardId}::uuid FOR UPDATE`;
    const card = await tx.card.findFirst({ where: { id: cardId, platformId } });
    if (card?.state === "PROCESSING") await activateCard(tx, card);
  });
}

/** Writes a state change and its CARD.STATE_CHANGE event. */
export async function changeCardState(
  tx: DbOrTx,
  card: CardRow,
  change: { state: CardRow["state"]; stateReason: string | null; last4?: string; expMonth?: number; expYear?: number },
): Promise<CardRow> {
  const at = await now(tx, card.platformId);
  const updated = await tx.card.update({ where: { id: card.id }, data: { ...change, updatedAt: at } });
  await enqueueCardEvent(tx, CARD_EVENTS.STATE_CHANGE, updated);
  return updated;
}
