import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepStaleRows } from "../jobs/sweep-stale-rows";
import { quotesFixture } from "../quotes/quote-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const umaPath = (address: string, query = "") => `/receiver/uma/${encodeURIComponent(address)}${query}`;

describe("receiver lookups (BEHAVIORS.md §9.2)", () => {
  it("GET /receiver/uma/{address}: the counterparty's currency, an estimated rate, the range and the payer fields; stored for quotes", async () => {
    const f = await quotesFixture(t);
    const res = await t.call("GET", umaPath("$success.eur@sandbox.uma.money", `?customerId=${f.customerId}`), { auth: f.auth });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      lookupId: expect.stringMatching(/^Lookup:[0-9a-f-]{36}$/),
      receiverUmaAddress: "$success.eur@sandbox.uma.money",
      supportedCurrencies: [{ currency: expect.objectContaining({ code: "EUR", decimals: 2 }), estimatedExchangeRate: 1.08, min: 1, max: 925_925_925 }],
      requiredPayerDataFields: [
        { name: "FULL_NAME", mandatory: false },
        { name: "COUNTRY_OF_RESIDENCE", mandatory: false },
      ],
    });
    const stored = await t.db.receiverLookup.findFirst({ where: { platformId: f.platformId } });
    expect(stored).toMatchObject({ kind: "UMA", receiverUmaAddress: "$success.eur@sandbox.uma.money", customerId: f.customerId.replace("Customer:", "") });
  });

  it("unknown domain → 404 USER_NOT_FOUND; unknown user → 404 UMA_NOT_FOUND; malformed → 400; unknown customer → 404", async () => {
    const f = await quotesFixture(t);
    const call = async (address: string, query = "") => (await t.call("GET", umaPath(address, query), { auth: f.auth })).json.code;
    expect(await call("$bob@example.org")).toBe("USER_NOT_FOUND");
    expect(await call("$nobody@sandbox.uma.money")).toBe("UMA_NOT_FOUND");
    expect(await call("not-an-address")).toBe("INVALID_UMA_ADDRESS");
    expect(await call("$success.usd@sandbox.uma.money", "?customerId=Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10")).toBe("USER_NOT_FOUND");
  });

  it("GET /receiver/external-account/{accountId}: the account's currency; a quote to it accepts the lookupId, a quote elsewhere does not", async () => {
    const f = await quotesFixture(t);
    const eur = await f.external({ currency: "EUR" });
    const res = await t.call("GET", `/receiver/external-account/${eur}?senderUmaAddress=${encodeURIComponent("$me@example.org")}`, { auth: f.auth });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ lookupId: expect.stringMatching(/^Lookup:/), accountId: eur, supportedCurrencies: [{ currency: { code: "EUR" }, estimatedExchangeRate: 1.08, min: 1 }], requiredPayerDataFields: [] });
    expect((await f.quote(eur, 1_000, { lookupId: res.json.lookupId })).status).toBe(200);
    const elsewhere = await f.quote(await f.external(), 1_000, { lookupId: res.json.lookupId });
    expect([elsewhere.status, elsewhere.json.details.errors[0].field]).toEqual([400, "lookupId"]);
    const unknown = await t.call("GET", "/receiver/external-account/ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", { auth: f.auth });
    expect([unknown.status, unknown.json.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("a lookupId is kept 30 days on the platform's clock, then swept: a quote naming it is refused 404 LOOKUP_REQUEST_NOT_FOUND, saying how long lookups are kept", async () => {
    const f = await quotesFixture(t);
    const eur = await f.external({ currency: "EUR" });
    const lookUp = async () => (await t.call("GET", `/receiver/external-account/${eur}?customerId=${f.customerId}`, { auth: f.auth })).json.lookupId as string;
    const lookupId = await lookUp();
    const DAY = 24 * 60 * 60;
    expect((await f.advance(29 * DAY)).status).toBe(200);
    await sweepStaleRows(t.db);
    expect((await f.quote(eur, 1_000, { lookupId })).status).toBe(200);

    expect((await f.advance(2 * DAY)).status).toBe(200);
    await sweepStaleRows(t.db);
    expect(await t.db.receiverLookup.count({ where: { platformId: f.platformId } })).toBe(0);
    const swept = await f.quote(eur, 1_000, { lookupId });
    expect([swept.status, swept.json]).toEqual([
      404,
      { status: 404, code: "LOOKUP_REQUEST_NOT_FOUND", message: expect.stringMatching(/^Lookup .* not found \(a lookup is kept 30 days\): call GET \/receiver\//) },
    ]);
    // Looking the receiver up again gives a lookupId the quote accepts.
    expect((await f.quote(eur, 1_000, { lookupId: await lookUp() })).status).toBe(200);
  });
});
