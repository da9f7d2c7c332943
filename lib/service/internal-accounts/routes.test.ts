import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { internalAccountsFixture } from "./internal-account-fixtures";
import { InternalAccountListResponseSchema, InternalAccountSchema, PlatformInternalAccountListResponseSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /customers/internal-accounts", () => {
  let f: Awaited<ReturnType<typeof internalAccountsFixture>>;
  let customers: { id: string }[];
  beforeAll(async () => {
    f = await internalAccountsFixture(t, { isRegulated: true });
    customers = [await f.customer(), await f.customer(), await f.customer({ currencies: ["USD"] })];
  });

  it("lists every customer's accounts newest first with totalCount, in the reference's shape", async () => {
    const res = await t.call("GET", "/customers/internal-accounts", { auth: f.auth });
    expect(res.status).toBe(200);
    expect(InternalAccountListResponseSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ hasMore: false, totalCount: 7 });
    expect(res.json.data).toHaveLength(7);
    const created = res.json.data.map((a: { createdAt: string; id: string }) => [a.createdAt, a.id].join());
    expect(created).toEqual([...created].sort().reverse());
  });

  it("filters by customerId, currency and type, alone and together", async () => {
    const get = async (query: string) => (await t.call("GET", `/customers/internal-accounts?${query}`, { auth: f.auth })).json;
    const ofFirst = await get(`customerId=${customers[0]!.id}`);
    expect(ofFirst.totalCount).toBe(3);
    expect(ofFirst.data.every((a: { customerId: string }) => a.customerId === customers[0]!.id)).toBe(true);
    expect((await get("currency=USD")).totalCount).toBe(3);
    expect((await get("type=EMBEDDED_WALLET")).data.map((a: { balance: { currency: { code: string } } }) => a.balance.currency.code)).toEqual(["USDB", "USDB"]);
    const one = await get(`customerId=${customers[1]!.id}&currency=USDC&type=INTERNAL_CRYPTO`);
    expect(one.totalCount).toBe(1);
    expect(one.data[0]).toMatchObject({ customerId: customers[1]!.id, type: "INTERNAL_CRYPTO", balance: { currency: { code: "USDC", decimals: 2 } } });
    expect((await get(`customerId=${customers[2]!.id}&type=EMBEDDED_WALLET`)).data).toEqual([]);
  });

  it("pages with limit and cursor without repeating or skipping an account", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await t.call("GET", `/customers/internal-accounts?limit=3${cursor ? `&cursor=${cursor}` : ""}`, { auth: f.auth });
      expect(res.status).toBe(200);
      expect(res.json.totalCount).toBe(7);
      seen.push(...res.json.data.map((a: { id: string }) => a.id));
      if (!res.json.hasMore) {
        expect(res.json).not.toHaveProperty("nextCursor");
        break;
      }
      expect(res.json.data).toHaveLength(3);
      cursor = res.json.nextCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it("answers 400 listing every bad query field", async () => {
    const res = await t.call("GET", "/customers/internal-accounts?limit=0&type=SAVINGS", { auth: f.auth });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["query.limit", "query.type"]);
    const badCustomer = await t.call("GET", "/customers/internal-accounts?customerId=Card:123", { auth: f.auth });
    expect(badCustomer.status).toBe(400);
    expect(badCustomer.json.details.errors[0].field).toBe("query.customerId");
    expect((await t.call("GET", "/customers/internal-accounts?cursor=nonsense", { auth: f.auth })).status).toBe(400);
    const forged = Buffer.from(JSON.stringify([new Date().toISOString(), "not-a-uuid"])).toString("base64url");
    const res2 = await t.call("GET", `/customers/internal-accounts?cursor=${forged}`, { auth: f.auth });
    expect([res2.status, res2.json.details.errors[0].field]).toEqual([400, "query.cursor"]);
  });

  it("is routed before GET /customers/{customerId}, which would answer 404 USER_NOT_FOUND", async () => {
    const res = await t.call("GET", "/customers/internal-accounts", { auth: f.auth });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json.data)).toBe(true);
  });

  it("shows no other platform's accounts, even when asked for that platform's customer", async () => {
    const other = await internalAccountsFixture(t, { isRegulated: true });
    const stranger = await other.customer();
    const res = await t.call("GET", `/customers/internal-accounts?customerId=${stranger.id}`, { auth: f.auth });
    expect(res.json).toMatchObject({ data: [], totalCount: 0 });
    const all = await t.call("GET", "/customers/internal-accounts?limit=100", { auth: other.auth });
    expect(all.json.totalCount).toBe(3);
  });

  it("needs credentials", async () => {
    expect((await t.call("GET", "/customers/internal-accounts")).status).toBe(401);
  });
});

describe("GET /platform/internal-accounts", () => {
  it("creates on first use one ACTIVE account per supported currency, without customerId, and never twice", async () => {
    const f = await internalAccountsFixture(t);
    const [first, second] = await Promise.all([
      t.call("GET", "/platform/internal-accounts", { auth: f.auth }),
      t.call("GET", "/platform/internal-accounts", { auth: f.auth }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(PlatformInternalAccountListResponseSchema.safeParse(first.json).success).toBe(true);
    expect(Object.keys(first.json)).toEqual(["data"]);
    const summary = first.json.data.map((a: { type: string; status: string; balance: { currency: { code: string } } }) => [a.balance.currency.code, a.type, a.status]);
    expect(summary).toEqual([
      ["USD", "INTERNAL_FIAT", "ACTIVE"],
      ["USDC", "INTERNAL_CRYPTO", "ACTIVE"],
      ["USDB", "INTERNAL_CRYPTO", "ACTIVE"],
    ]);
    for (const account of first.json.data) {
      expect(account).not.toHaveProperty("customerId");
      for (const instructions of account.fundingPaymentInstructions) expect(instructions.isPlatformAccount).toBe(true);
    }
    expect(second.json.data.map((a: { id: string }) => a.id)).toEqual(first.json.data.map((a: { id: string }) => a.id));
    expect(await t.db.internalAccount.count({ where: { platformId: f.platformId, customerId: null } })).toBe(3);
    const ledgers = await t.db.ledgerAccount.count({ where: { platformId: f.platformId, kind: "PLATFORM_INTERNAL" } });
    expect(ledgers).toBe(3);
  });

  it("filters by currency and type, and keeps platform accounts out of the customer list", async () => {
    const f = await internalAccountsFixture(t);
    const usd = await t.call("GET", "/platform/internal-accounts?currency=USD", { auth: f.auth });
    expect(usd.json.data).toHaveLength(1);
    expect(usd.json.data[0].balance.currency.code).toBe("USD");
    const crypto = await t.call("GET", "/platform/internal-accounts?type=INTERNAL_CRYPTO", { auth: f.auth });
    expect(crypto.json.data.map((a: { balance: { currency: { code: string } } }) => a.balance.currency.code)).toEqual(["USDC", "USDB"]);
    expect((await t.call("GET", "/platform/internal-accounts?type=EMBEDDED_WALLET", { auth: f.auth })).json.data).toEqual([]);
    expect((await t.call("GET", "/customers/internal-accounts", { auth: f.auth })).json.totalCount).toBe(0);
  });

  it("adds the account of a currency added to the configuration", async () => {
    const f = await internalAccountsFixture(t);
    await t.call("GET", "/platform/internal-accounts", { auth: f.auth });
    const platform = await t.db.platform.findUniqueOrThrow({ where: { id: f.platformId } });
    const currencies = platform.supportedCurrencies as { currencyCode: string }[];
    await t.db.platform.update({ where: { id: f.platformId }, data: { supportedCurrencies: [...currencies, { ...currencies[0]!, currencyCode: "EUR" }] } });
    const res = await t.call("GET", "/platform/internal-accounts", { auth: f.auth });
    expect(res.json.data.map((a: { balance: { currency: { code: string } } }) => a.balance.currency.code)).toEqual(["USD", "USDC", "USDB", "EUR"]);
  });
});

describe("GET /internal-accounts/{id}", () => {
  it("returns a customer's or the platform's account; another platform's, a malformed or an unknown id is 404", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const [account] = await f.accountsOf((await f.customer()).id);
    const res = await t.call("GET", `/internal-accounts/${account!.id}`, { auth: f.auth });
    expect(res.status).toBe(200);
    expect(InternalAccountSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toEqual(account);

    const platformAccount = (await t.call("GET", "/platform/internal-accounts", { auth: f.auth })).json.data[0];
    expect((await t.call("GET", `/internal-accounts/${platformAccount.id}`, { auth: f.auth })).json).toEqual(platformAccount);

    const other = await internalAccountsFixture(t);
    for (const id of [account!.id, "InternalAccount:not-a-uuid", "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"]) {
      const missing = await t.call("GET", `/internal-accounts/${id}`, { auth: other.auth });
      expect(missing.status).toBe(404);
      expect(missing.json).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
  });
});
