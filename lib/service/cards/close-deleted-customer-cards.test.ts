import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../jobs/run-jobs";
import { createTestApp, type TestApp } from "../testing/test-app";
import { cardsFixture, neutralPlatformCardId, plainDescriptor } from "./cards-fixtures";
import { CLOSE_DELETED_CUSTOMER_CARDS_JOB, runCloseDeletedCustomerCards } from "./close-deleted-customer-cards";

// Customers deleted before DELETE /customers closed their cards: the data migration schedules the
// step that closes them, and the step closes them as a delete does.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uuidOf = (id: string) => id.slice(id.indexOf(":") + 1);
const MIGRATIONS = join(process.cwd(), "prisma/migrations");
const MIGRATION_SQL = readFileSync(join(MIGRATIONS, readdirSync(MIGRATIONS).find((dir) => dir.endsWith("_close_deleted_customers_cards"))!, "migration.sql"), "utf8");

/** A delete as it was before it closed cards: the customer row only. */
const deleteAsBefore = (customerId: string) =>
  t.db.$executeRaw`UPDATE "Customer" SET "deletedAt" = now(), "activePlatformCustomerId" = NULL, "activeUmaAddress" = NULL WHERE "id" = ${uuidOf(customerId)}::uuid`;

/**
 * Runs the data migration's SQL, keeping only the jobs it schedules on `platformId`: the other test
 * files' platforms share this database (their deleted customers are theirs to look after).
 */
async function applyMigration(platformId: string) {
  await t.db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(MIGRATION_SQL);
    await tx.$executeRaw`DELETE FROM "Job" WHERE "kind" = ${CLOSE_DELETED_CUSTOMER_CARDS_JOB} AND "platformId" <> ${platformId}::uuid`;
  });
  return t.db.job.findMany({ where: { platformId, kind: CLOSE_DELETED_CUSTOMER_CARDS_JOB } });
}

describe("cards of customers deleted before the delete closed them", () => {
  it("the migration schedules exactly the deleted customers with a card not CLOSED; the step closes their cards, voids open authorizations and releases the holds, with its events", async () => {
    const f = await cardsFixture(t, { funding: 10_000 });
    // The bad state: a deleted customer with an ACTIVE card and a FROZEN one, each with an open authorization.
    const open = await f.authorize(3_000);
    const frozen = await f.issue({ platformCardId: neutralPlatformCardId() });
    const frozenAuth = await f.simulate("authorization", { amount: 1_000, currency: { code: "USD" }, merchant: { descriptor: plainDescriptor(), mcc: "5814", country: "US" } }, frozen.json.id);
    expect(frozenAuth.status, frozenAuth.text).toBe(202);
    expect((await f.patch({ state: "FROZEN" }, frozen.json.id)).status).toBe(200);
    await deleteAsBefore(f.customerId);
    expect(await f.balance()).toEqual({ available: 6_000, total: 10_000 });

    // Not scheduled: a live customer's card, a deleted customer whose only card is CLOSED, a customer deleted through the API (cards closed by the delete).
    const live = await f.activeAccount("USD");
    const liveCard = await f.issue({ cardholderId: live.customerId, fundingSources: [live.accountId], platformCardId: neutralPlatformCardId() });
    expect(liveCard.status, liveCard.text).toBe(201);
    const closedOnly = await f.activeAccount("USD");
    const closedCard = await f.issue({ cardholderId: closedOnly.customerId, fundingSources: [closedOnly.accountId], platformCardId: neutralPlatformCardId() });
    expect((await f.patch({ state: "CLOSED" }, closedCard.json.id)).status).toBe(200);
    await deleteAsBefore(closedOnly.customerId);
    const viaApi = await f.activeAccount("USD");
    await f.issue({ cardholderId: viaApi.customerId, fundingSources: [viaApi.accountId], platformCardId: neutralPlatformCardId() });
    expect((await t.call("DELETE", `/customers/${viaApi.customerId}`, { auth: f.auth })).status).toBe(200);

    const jobs = await applyMigration(f.platformId);
    expect(jobs.map((j) => [j.payload, j.status])).toEqual([[{ customerId: uuidOf(f.customerId) }, "PENDING"]]);

    const balanceEvents = (await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).length;
    const ran = await runDueJobs(t.db, { platformId: f.platformId });
    expect(ran.filter((r) => r.kind === CLOSE_DELETED_CUSTOMER_CARDS_JOB).map((r) => r.status)).toEqual(["DONE"]);

    for (const id of [f.cardId, frozen.json.id]) expect(await f.getCard(id)).toMatchObject({ state: "CLOSED", stateReason: "CLOSED_BY_PLATFORM" });
    expect((await f.getCard(liveCard.json.id)).state).toBe("ACTIVE");
    const closings = (await f.events("CARD.STATE_CHANGE")).filter((e) => e.data.state === "CLOSED" && e.data.stateReason === "CLOSED_BY_PLATFORM").map((e) => e.data.id);
    expect(closings.filter((id) => id === f.cardId || id === frozen.json.id).sort()).toEqual([f.cardId, frozen.json.id].sort());
    expect((await f.eventsOf(open.id)).map((e) => e.type)).toEqual(["CARD_TRANSACTION.AUTHORIZED", "CARD_TRANSACTION.VOIDED"]);
    const frozenRows = await t.db.cardTransaction.findMany({ where: { cardId: uuidOf(frozen.json.id) } });
    expect(frozenRows.map((r) => r.status)).toEqual(["VOIDED"]);

    // Holds released; every cached balance is the sum of its entries, every hold amount the sum of its ACTIVE holds.
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    expect((await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).length).toBeGreaterThan(balanceEvents);
    const accounts = await t.db.ledgerAccount.findMany({ where: { platformId: f.platformId }, include: { entries: true, holds: true } });
    for (const account of accounts) {
      expect(account.postedBalance).toBe(account.entries.reduce((sum, e) => sum + e.amount, 0n));
      expect(account.heldAmount).toBe(account.holds.filter((h) => h.status === "ACTIVE").reduce((sum, h) => sum + h.amount, 0n));
    }

    // Run again (a retried job): nothing more happens.
    const events = await t.db.webhookEvent.count({ where: { platformId: f.platformId } });
    await runCloseDeletedCustomerCards({ db: t.db, platformId: f.platformId, payload: { customerId: uuidOf(f.customerId) } });
    expect(await t.db.webhookEvent.count({ where: { platformId: f.platformId } })).toBe(events);
  });

  it("leaves a customer who is not deleted alone", async () => {
    const f = await cardsFixture(t, { funding: 10_000 });
    await f.authorize(3_000);
    await runCloseDeletedCustomerCards({ db: t.db, platformId: f.platformId, payload: { customerId: uuidOf(f.customerId) } });
    expect((await f.getCard()).state).toBe("ACTIVE");
    expect(await f.balance()).toEqual({ available: 7_000, total: 10_000 });
  });
});
