import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { cardsFixture, neutralPlatformCardId } from "./cards-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const stateEvents = async (platformId: string, cardId: string) =>
  (await t.db.webhookEvent.findMany({ where: { platformId, type: { startsWith: "CARD." } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }))
    .map((e) => JSON.parse(e.body))
    .filter((e) => e.data.id === cardId)
    .map((e) => `${e.type} ${e.data.state}`);

describe("POST /cards", () => {
  it("issues a VIRTUAL card: 201 PROCESSING, then ACTIVE at once with last4 from the suffix and CARD.STATE_CHANGE", async () => {
    const f = await cardsFixture(t);
    const res = await f.issue({ platformCardId: neutralPlatformCardId("123"), maxSpendPerTransaction: 5000 });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ state: "PROCESSING", stateReason: null, form: "VIRTUAL", currency: "USD", fundingSources: [f.accountId], maxSpendPerTransaction: 5000, cardholderId: f.customerId, cardCapabilities: { supportsDigitalWalletTokenization: true } });
    expect(res.json.id).toMatch(/^Card:[0-9a-f-]{36}$/);
    const card = await f.getCard(res.json.id);
    expect(card).toMatchObject({ state: "ACTIVE", last4: "4123", brand: "VISA" });
    expect(card.expMonth).toBeGreaterThanOrEqual(1);
    expect(await stateEvents(f.platformId, res.json.id)).toEqual(["CARD.STATE_CHANGE ACTIVE"]);
  });

  it("sandbox suffixes: 001 stays PROCESSING, 002 is rejected, 005 activates after 30 s", async () => {
    const f = await cardsFixture(t);
    const stuck = await f.issue({ platformCardId: neutralPlatformCardId("001") });
    expect((await f.getCard(stuck.json.id)).state).toBe("PROCESSING");
    const rejected = await f.issue({ platformCardId: neutralPlatformCardId("002") });
    expect(await f.getCard(rejected.json.id)).toMatchObject({ state: "CLOSED", stateReason: "ISSUER_REJECTED" });
    expect(await stateEvents(f.platformId, rejected.json.id)).toEqual(["CARD.STATE_CHANGE CLOSED"]);
    const slow = await f.issue({ platformCardId: neutralPlatformCardId("005") });
    expect((await f.getCard(slow.json.id)).state).toBe("PROCESSING");
    await t.call("POST", "/sandbox/clock/advance", { auth: f.auth, body: { seconds: 29 } });
    expect((await f.getCard(slow.json.id)).state).toBe("PROCESSING");
    await t.call("POST", "/sandbox/clock/advance", { auth: f.auth, body: { seconds: 2 } });
    expect((await f.getCard(slow.json.id)).state).toBe("ACTIVE");
  });

  it("refuses a cardholder whose KYC is not APPROVED: 400 CARDHOLDER_KYC_NOT_APPROVED", async () => {
    const f = await cardsFixture(t);
    await t.db.customer.update({ where: { id: f.customerId.replace("Customer:", "") }, data: { kycStatus: "PENDING" } });
    const res = await f.issue();
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("CARDHOLDER_KYC_NOT_APPROVED");
  });

  it("refuses another customer's account, a non-card currency and malformed or repeated ids", async () => {
    const f = await cardsFixture(t);
    const other = await f.activeAccount("USD");
    const foreign = await f.issue({ fundingSources: [other.accountId] });
    expect(foreign.status).toBe(400);
    expect(foreign.json.code).toBe("FUNDING_SOURCE_INELIGIBLE");
    const accounts = await f.accountsOf(f.customerId);
    const nonCard = accounts.find((a) => !["USD", "USDB"].includes(a.balance.currency.code));
    if (nonCard) {
      const res = await f.issue({ fundingSources: [nonCard.id] });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("FUNDING_SOURCE_INELIGIBLE");
    }
    const bad = await f.issue({ fundingSources: ["nope", f.accountId, f.accountId] });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("INVALID_INPUT");
    expect(bad.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["fundingSources.0", "fundingSources.2"]);
    const empty = await f.issue({ fundingSources: [] });
    expect(empty.status).toBe(400);
  });

  it("refuses an unknown cardholder with 404", async () => {
    const f = await cardsFixture(t);
    const res = await f.issue({ cardholderId: "Customer:00000000-0000-7000-8000-000000000000" });
    expect(res.status).toBe(404);
  });
});

describe("GET /cards", () => {
  it("lists with filters and pages", async () => {
    const f = await cardsFixture(t);
    const second = await f.issue({ platformCardId: "mine-777" });
    const all = await t.call("GET", "/cards?sortOrder=asc", { auth: f.auth });
    expect(all.json.data.map((c: { id: string }) => c.id)).toEqual([f.cardId, second.json.id]);
    const byPlatformId = await t.call("GET", "/cards?platformCardId=mine-777", { auth: f.auth });
    expect(byPlatformId.json.data.map((c: { id: string }) => c.id)).toEqual([second.json.id]);
    const byAccount = await t.call("GET", `/cards?accountId=${f.accountId}&cardholderId=${f.customerId}&state=ACTIVE`, { auth: f.auth });
    expect(byAccount.json.totalCount).toBe(2);
    const page = await t.call("GET", "/cards?limit=1", { auth: f.auth });
    expect(page.json).toMatchObject({ hasMore: true, totalCount: 2 });
    const next = await t.call("GET", `/cards?limit=1&cursor=${page.json.nextCursor}`, { auth: f.auth });
    expect(next.json.data[0].id).toBe(f.cardId);
    const foreign = await cardsFixture(t);
    expect((await t.call("GET", `/cards/${f.cardId}`, { auth: foreign.auth })).status).toBe(404);
  });
});

describe("PATCH /cards/{id}", () => {
  it("freezes, unfreezes and closes with CARD.STATE_CHANGE each", async () => {
    const f = await cardsFixture(t);
    expect((await f.patch({ state: "FROZEN" })).json.state).toBe("FROZEN");
    expect((await f.patch({ state: "ACTIVE" })).json.state).toBe("ACTIVE");
    const closed = await f.patch({ state: "CLOSED" });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ state: "CLOSED", stateReason: "CLOSED_BY_PLATFORM" });
    expect(await stateEvents(f.platformId, f.cardId)).toEqual(["CARD.STATE_CHANGE ACTIVE", "CARD.STATE_CHANGE FROZEN", "CARD.STATE_CHANGE ACTIVE", "CARD.STATE_CHANGE CLOSED"]);
  });

  it("answers 409 for other transitions, closing twice and changing a closed card", async () => {
    const f = await cardsFixture(t);
    const same = await f.patch({ state: "ACTIVE" });
    expect(same.status).toBe(409);
    expect(same.json.code).toBe("INVALID_STATE_TRANSITION");
    const processing = await f.issue({ platformCardId: neutralPlatformCardId("001") });
    const frozenEarly = await f.patch({ state: "FROZEN" }, processing.json.id);
    expect(frozenEarly.json.code).toBe("INVALID_STATE_TRANSITION");
    await f.patch({ state: "CLOSED" });
    const twice = await f.patch({ state: "CLOSED" });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("CARD_ALREADY_CLOSED");
    const mutate = await f.patch({ maxSpendPerTransaction: 10 });
    expect(mutate.status).toBe(409);
    expect(mutate.json.code).toBe("CARD_NOT_MUTABLE");
    const unfreeze = await f.patch({ state: "ACTIVE" });
    expect(unfreeze.json.code).toBe("CARD_NOT_MUTABLE");
  });

  it("concurrent freezes, then concurrent closes: one 200 each, the others 409; one CARD.STATE_CHANGE each", async () => {
    const f = await cardsFixture(t);
    const freezes = await Promise.all(Array.from({ length: 5 }, () => f.patch({ state: "FROZEN" })));
    expect(freezes.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of freezes.filter((x) => x.status === 409)) expect(r.json.code).toBe("INVALID_STATE_TRANSITION");
    const closes = await Promise.all(Array.from({ length: 5 }, () => f.patch({ state: "CLOSED" })));
    expect(closes.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of closes.filter((x) => x.status === 409)) expect(r.json.code).toBe("CARD_ALREADY_CLOSED");
    expect(await stateEvents(f.platformId, f.cardId)).toEqual(["CARD.STATE_CHANGE ACTIVE", "CARD.STATE_CHANGE FROZEN", "CARD.STATE_CHANGE CLOSED"]);
  });

  it("validates the body: at least one field, CLOSED alone", async () => {
    const f = await cardsFixture(t);
    const empty = await f.patch({});
    expect(empty.status).toBe(400);
    expect(empty.json.code).toBe("INVALID_INPUT");
    const combined = await f.patch({ state: "CLOSED", maxSpendPerTransaction: 5 });
    expect(combined.status).toBe(400);
    expect(combined.json.details.errors[0].field).toBe("maxSpendPerTransaction");
    expect((await f.getCard()).state).toBe("ACTIVE");
  });

  it("sets or clears the spend limit; the same funding sources again change nothing and fire no CARD.FUNDING_SOURCE_CHANGE", async () => {
    const f = await cardsFixture(t);
    const limited = await f.patch({ maxSpendPerTransaction: 700 });
    expect(limited.json.maxSpendPerTransaction).toBe(700);
    expect((await f.patch({ maxSpendPerTransaction: null })).json.maxSpendPerTransaction).toBeNull();
    const cardBefore = await t.db.card.findFirstOrThrow({ where: { id: f.cardId.replace("Card:", "") } });
    const same = await f.patch({ fundingSources: [f.accountId], maxSpendPerTransaction: 150 });
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ fundingSources: [f.accountId], maxSpendPerTransaction: 150 });
    expect(await f.events("CARD.FUNDING_SOURCE_CHANGE")).toEqual([]);
    const cardAfter = await t.db.card.findFirstOrThrow({ where: { id: f.cardId.replace("Card:", "") } });
    expect(cardAfter.fundingSources).toEqual(cardBefore.fundingSources);
    // The same list is still checked: another customer's account is refused as before.
    const stranger = await f.activeAccount("USD");
    expect((await f.patch({ fundingSources: [stranger.accountId] })).json.code).toBe("FUNDING_SOURCE_INELIGIBLE");
    const empty = await f.patch({ fundingSources: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.code).toBe("INVALID_INPUT");
  });
});

describe("POST /cards/{id}/reveal and /tokenize", () => {
  it("reveals a short-lived URL and tokenizes deterministically", async () => {
    const f = await cardsFixture(t);
    const reveal = await t.call("POST", `/cards/${f.cardId}/reveal`, { auth: f.auth });
    expect(reveal.status).toBe(200);
    expect(reveal.json.panEmbedUrl).toMatch(/^https:\/\//);
    expect(new Date(reveal.json.expiresAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const body = { walletProvider: "APPLE_PAY", nonce: "abc", nonceSignature: "def", certificates: ["MIIB"] };
    const first = await t.call("POST", `/cards/${f.cardId}/tokenize`, { auth: f.auth, body });
    const again = await t.call("POST", `/cards/${f.cardId}/tokenize`, { auth: f.auth, body });
    expect(first.status).toBe(200);
    expect(first.json.encryptedPassData).toBeTruthy();
    expect(again.json).toEqual(first.json);
    const invalid = await t.call("POST", `/cards/${f.cardId}/tokenize`, { auth: f.auth, body: { walletProvider: "SAMSUNG" } });
    expect(invalid.status).toBe(400);
  });

  it("tokenize: 409 when the card cannot be tokenized or is closed", async () => {
    const f = await cardsFixture(t);
    await t.db.card.update({ where: { id: f.cardId.replace("Card:", "") }, data: { supportsDigitalWalletTokenization: false } });
    const unsupported = await t.call("POST", `/cards/${f.cardId}/tokenize`, { auth: f.auth, body: { walletProvider: "GOOGLE_PAY" } });
    expect(unsupported.status).toBe(409);
    expect(unsupported.json.code).toBe("CONFLICT");
    const g = await cardsFixture(t);
    await g.patch({ state: "CLOSED" });
    const closed = await t.call("POST", `/cards/${g.cardId}/tokenize`, { auth: g.auth, body: { walletProvider: "GOOGLE_PAY" } });
    expect(closed.json.code).toBe("CARD_NOT_MUTABLE");
    const reveal = await t.call("POST", `/cards/${g.cardId}/reveal`, { auth: g.auth });
    expect(reveal.json.code).toBe("CARD_NOT_MUTABLE");
  });

  it("needs MANAGE to issue and VIEW to read", async () => {
    const f = await cardsFixture(t);
    const viewer = await f.tokenWith(["VIEW"]);
    expect((await t.call("GET", `/cards/${f.cardId}`, { auth: viewer })).status).toBe(200);
    const res = await t.call("POST", "/cards", { auth: viewer, body: { cardholderId: f.customerId, form: "VIRTUAL", fundingSources: [f.accountId] } });
    expect(res.status).toBe(403);
  });
});
