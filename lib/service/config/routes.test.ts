import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerify } from "node:crypto";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
});
afterAll(() => t.close());

const errorsOf = (res: { json: { details: { errors: { field: string }[] } } }) => res.json.details.errors.map((e) => e.field).sort();

describe("GET /config", () => {
  it("shows the sandbox defaults and a usable webhook public key", async () => {
    const res = await t.call("GET", "/config", { auth: p.auth });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(`Platform:${p.platform.id}`);
    expect(res.json.supportedCurrencies.map((c: { currencyCode: string }) => c.currencyCode)).toEqual(["USD", "USDC", "USDB"]);
    expect(res.json.isRegulatedFinancialInstitution).toBe(false);
    expect(res.json.embeddedWalletConfig).toMatchObject({ otpLength: 6, expirationSeconds: 300 });
    expect(res.json.feeConfigs).toEqual([]);
    expect(res.json).not.toHaveProperty("webhookEndpoint");
    expect(res.json.webhookPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // The published key verifies what the platform's private key signs.
    const { createSign } = await import("node:crypto");
    const signature = createSign("SHA256").update("body").sign(p.platform.webhookPrivateKeyPem);
    expect(createVerify("SHA256").update("body").verify(res.json.webhookPublicKey, signature)).toBe(true);
  });
});

describe("PATCH /config", () => {
  it("changes only the fields sent and merges nested wallet settings", async () => {
    const res = await t.call("PATCH", "/config", {
      auth: p.auth,
      body: { webhookEndpoint: "https://hooks.example.com/service", embeddedWalletConfig: { appName: "Acme Wallet" } },
    });
    expect(res.status).toBe(200);
    expect(res.json.webhookEndpoint).toBe("https://hooks.example.com/service");
    expect(res.json.embeddedWalletConfig).toMatchObject({ appName: "Acme Wallet", otpLength: 6, expirationSeconds: 300 });
    const again = await t.call("PATCH", "/config", { auth: p.auth, body: { umaDomain: "acme.example.com" } });
    expect(again.json.webhookEndpoint).toBe("https://hooks.example.com/service");
    expect(again.json.umaDomain).toBe("acme.example.com");
  });

  it.each([
    ["http://localhost:4000/hooks", 200],
    ["http://127.0.0.1:4000/hooks", 200],
    ["http://example.com/hooks", 400],
    ["ftp://example.com/hooks", 400],
    ["not a url", 400],
    ["https://user:pass@example.com/hooks", 400],
    ["https://example.com/web hooks", 400],
    [" https://example.com/hooks", 400],
  ])("webhookEndpoint %s → %i", async (webhookEndpoint, status) => {
    const res = await t.call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint } });
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.json.details.errors[0].field).toBe("webhookEndpoint");
      expect(res.json.details.errors[0].constraint).toMatchObject({ format: "uri" });
    }
  });

  it("says where the space is in a webhook URL typed with one, and keeps the saved endpoint", async () => {
    await t.call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint: "https://hooks.example.com/kept" } });
    const res = await t.call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint: "https://example.com/web hooks" } });
    expect(res.json.details.errors).toEqual([
      { field: "webhookEndpoint", message: "must not contain spaces (write a space in a path as %20)", constraint: { format: "uri", pattern: "^https://" } },
    ]);
    expect((await t.call("GET", "/config", { auth: p.auth })).json.webhookEndpoint).toBe("https://hooks.example.com/kept");
  });

  it("clears the webhook endpoint with null", async () => {
    await t.call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint: "https://a.example.com" } });
    const res = await t.call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint: null } });
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty("webhookEndpoint");
  });

  it("lists every invalid field of the schema at once", async () => {
    const res = await t.call("PATCH", "/config", {
      auth: p.auth,
      body: {
        umaDomain: "not a domain",
        embeddedWalletConfig: { otpLength: 3, expirationSeconds: 0, sendFromEmailAddress: "nope", logoUrl: "javascript:alert(1)" },
        supportedCurrencies: [{ currencyCode: "XXX", minAmount: -1, maxAmount: 10, requiredCounterpartyFields: [], enabledTransactionTypes: ["SIDEWAYS"] }],
        feeConfigs: [{ feeType: "OTHER", sourceCurrency: "USD", variableFeeBps: 10001 }],
        cardTokenization2faConfig: { logoUrl: "http://insecure.example.com/logo.png" },
        surprise: true,
      },
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual([
      "cardTokenization2faConfig.logoUrl",
      "embeddedWalletConfig.expirationSeconds",
      "embeddedWalletConfig.logoUrl",
      "embeddedWalletConfig.otpLength",
      "embeddedWalletConfig.sendFromEmailAddress",
      "feeConfigs.0.feeType",
      "feeConfigs.0.variableFeeBps",
      "supportedCurrencies.0.currencyCode",
      "supportedCurrencies.0.enabledTransactionTypes.0",
      "supportedCurrencies.0.minAmount",
      "surprise",
      "umaDomain",
    ]);
    const otp = res.json.details.errors.find((e: { field: string }) => e.field === "embeddedWalletConfig.otpLength");
    expect(otp.constraint).toEqual({ minimum: 4 });
    const logo = res.json.details.errors.find((e: { field: string }) => e.field === "embeddedWalletConfig.logoUrl");
    expect(logo.message).toBe("must be an https URL such as https://example.com/logo.png");
  });

  it("checks rules across fields: min above max, duplicates, fee currency", async () => {
    const currency = { requiredCounterpartyFields: [], enabledTransactionTypes: ["OUTGOING"] };
    const res = await t.call("PATCH", "/config", {
      auth: p.auth,
      body: {
        supportedCurrencies: [
          { currencyCode: "USD", minAmount: 500, maxAmount: 100, ...currency },
          { currencyCode: "USD", minAmount: 1, maxAmount: 100, ...currency },
        ],
        feeConfigs: [
          { feeType: "CROSS_CURRENCY_TRANSACTION", sourceCurrency: "USD" },
          { feeType: "CROSS_CURRENCY_TRANSACTION", sourceCurrency: "USD", fixedFee: { amount: 50, currency: "EUR" } },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual(["feeConfigs.0", "feeConfigs.1", "feeConfigs.1.fixedFee.currency", "supportedCurrencies.0.minAmount", "supportedCurrencies.1.currencyCode"]);
    const unchanged = await t.call("GET", "/config", { auth: p.auth });
    expect(unchanged.json.supportedCurrencies).toHaveLength(3);
  });

  it("upserts fee configs by key and removes one when both amounts are 0", async () => {
    const q = await t.createTestPlatform();
    const set = await t.call("PATCH", "/config", {
      auth: q.auth,
      body: { feeConfigs: [{ feeType: "CROSS_CURRENCY_TRANSACTION", sourceCurrency: "USD", variableFeeBps: 30, fixedFee: { amount: 50, currency: "USD" } }] },
    });
    expect(set.json.feeConfigs).toEqual([{ feeType: "CROSS_CURRENCY_TRANSACTION", sourceCurrency: "USD", variableFeeBps: 30, fixedFee: { amount: 50, currency: "USD" } }]);
    const onlyRate = await t.call("PATCH", "/config", { auth: q.auth, body: { feeConfigs: [{ feeType: "CROSS_CURRENCY_TRANSACTION", sourceCurrency: "USD", variableFeeBps: 25 }] } });
    expect(onlyRate.json.feeConfigs[0]).toMatchObject({ variableFeeBps: 25, fixedFee: { amount: 0, currency: "USD" } });
    const untouched = await t.call("PATCH", "/config", { auth: q.auth, body: { umaDomain: "q.example.com" } });
    expect(untouched.json.feeConfigs).toHaveLength(1);
    const off = await t.call("PATCH", "/config", { auth: q.auth, body: { feeConfigs: [{ feeType: "CROSS_CURRENCY_TRANSACTION", sourceCurrency: "USD", variableFeeBps: 0, fixedFee: { amount: 0, currency: "USD" } }] } });
    expect(off.json.feeConfigs).toEqual([]);
  });

  it("answers 501 NOT_IMPLEMENTED for fee configs outside USD", async () => {
    const res = await t.call("PATCH", "/config", { auth: p.auth, body: { feeConfigs: [{ feeType: "CROSS_CURRENCY_TRANSACTION", sourceCurrency: "EUR", variableFeeBps: 10 }] } });
    expect(res.status).toBe(501);
    expect(res.json.code).toBe("NOT_IMPLEMENTED");
  });

  it("never changes another platform's configuration", async () => {
    const other = await t.createTestPlatform();
    await t.call("PATCH", "/config", { auth: other.auth, body: { umaDomain: "other.example.com" } });
    const mine = await t.call("GET", "/config", { auth: p.auth });
    expect(mine.json.umaDomain).not.toBe("other.example.com");
  });
});

describe("PATCH /config reports field and cross-field problems together", () => {
  it("lists a bad email and a bad webhook endpoint in one answer", async () => {
    const res = await t.call("PATCH", "/config", {
      auth: p.auth,
      body: { webhookEndpoint: "ftp://x", embeddedWalletConfig: { sendFromEmailAddress: "nope" } },
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual(["embeddedWalletConfig.sendFromEmailAddress", "webhookEndpoint"]);
  });
});

describe("PATCH /config under concurrency", () => {
  it("concurrent PATCHes of different wallet settings all stick (no lost update of the merged object)", async () => {
    const q = await t.createTestPlatform();
    await t.warmPool();
    const patches = [{ appName: "Racy" }, { otpLength: 8 }, { alphanumeric: true }, { expirationSeconds: 900 }, { logoUrl: "https://example.com/logo.png" }];
    const results = await Promise.all(patches.map((embeddedWalletConfig) => t.call("PATCH", "/config", { auth: q.auth, body: { embeddedWalletConfig } })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const config = await t.call("GET", "/config", { auth: q.auth });
    expect(config.json.embeddedWalletConfig).toEqual({ appName: "Racy", otpLength: 8, alphanumeric: true, expirationSeconds: 900, logoUrl: "https://example.com/logo.png" });
  });

  it("five identical PATCHes setting a new webhook endpoint at once send one TEST event", async () => {
    for (let i = 0; i < 3; i++) {
      const q = await t.createTestPlatform();
      await t.warmPool();
      const results = await Promise.all(Array.from({ length: 5 }, () => t.call("PATCH", "/config", { auth: q.auth, body: { webhookEndpoint: "https://hooks.example.com/racy" } })));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await t.db.webhookEvent.count({ where: { platformId: q.platform.id, type: "TEST" } })).toBe(1);
    }
  });
});
