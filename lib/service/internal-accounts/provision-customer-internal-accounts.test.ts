import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer } from "../customers/create-customer";
import { CustomerCreateRequestSchema } from "../customers/schemas";
import { createTestApp, type TestApp } from "../testing/test-app";
import { activateCustomerAccounts } from "./activate-customer-accounts";
import { endUserTermsConsent, internalAccountsFixture } from "./internal-account-fixtures";
import { provisionCustomerInternalAccounts } from "./provision-customer-internal-accounts";
import { InternalAccountSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uuidOf = (id: string) => id.slice(id.indexOf(":") + 1);
const byCurrency = (accounts: { type: string; status: string; balance: { currency: { code: string } } }[]) =>
  Object.fromEntries(accounts.map((a) => [a.balance.currency.code, { type: a.type, status: a.status }]));

describe("internal account provisioning", () => {
  it("gives a regulated platform's new customer one ACTIVE account per supported currency: fiat, crypto and the USDB embedded wallet", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const customer = await f.customer({ hasConsent: false });
    expect(customer.kycStatus).toBe("APPROVED");
    const accounts = await f.accountsOf(customer.id);
    expect(byCurrency(accounts)).toEqual({
      USD: { type: "INTERNAL_FIAT", status: "ACTIVE" },
      USDC: { type: "INTERNAL_CRYPTO", status: "ACTIVE" },
      USDB: { type: "EMBEDDED_WALLET", status: "ACTIVE" },
    });
    for (const account of accounts) {
      expect(InternalAccountSchema.safeParse(account).success).toBe(true);
      expect(account).toMatchObject({ customerId: customer.id, balance: { amount: 0 }, totalBalance: { amount: 0 } });
      const ledger = await t.db.ledgerAccount.findFirst({ where: { platformId: f.platformId, internalAccountId: uuidOf(account.id) } });
      expect(ledger).toMatchObject({ kind: "CUSTOMER_INTERNAL", currency: account.balance.currency.code, allowNegative: false });
    }
    expect(accounts.find((a) => a.type === "EMBEDDED_WALLET")).toMatchObject({ privateEnabled: false, fundingPaymentInstructions: [] });
  });

  it("provisions nothing on an unregulated platform until the end-user terms are accepted, then PENDING accounts", async () => {
    const f = await internalAccountsFixture(t);
    const customer = await f.customer({ hasConsent: false });
    expect(await f.accountsOf(customer.id)).toEqual([]);

    const patched = await t.call("PATCH", `/customers/${customer.id}`, { auth: f.auth, body: { customerType: "INDIVIDUAL", agreementConsents: [endUserTermsConsent()] } });
    expect(patched.status).toBe(200);
    expect(byCurrency(await f.accountsOf(customer.id))).toEqual({
      USD: { type: "INTERNAL_FIAT", status: "PENDING" },
      USDC: { type: "INTERNAL_CRYPTO", status: "PENDING" },
      USDB: { type: "EMBEDDED_WALLET", status: "PENDING" },
    });
  });

  it("provisions PENDING accounts at creation when the consent comes with the customer", async () => {
    const f = await internalAccountsFixture(t);
    const customer = await f.customer();
    expect((await f.accountsOf(customer.id)).map((a) => a.status)).toEqual(["PENDING", "PENDING", "PENDING"]);
  });

  it("does not count consents to other agreements as the end-user terms", async () => {
    const f = await internalAccountsFixture(t);
    const customer = await f.customer({ hasConsent: false });
    const privacy = { ...endUserTermsConsent(), type: "SERVICE_PRIVACY_POLICY", termsVersion: "2025-09-01" };
    expect((await t.call("PATCH", `/customers/${customer.id}`, { auth: f.auth, body: { customerType: "INDIVIDUAL", agreementConsents: [privacy] } })).status).toBe(200);
    expect(await f.accountsOf(customer.id)).toEqual([]);
  });

  it("provisions only the currencies the customer holds, and the missing ones when a currency is added", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const customer = await f.customer({ currencies: ["USD"] });
    expect(Object.keys(byCurrency(await f.accountsOf(customer.id)))).toEqual(["USD"]);
    const patched = await t.call("PATCH", `/customers/${customer.id}`, { auth: f.auth, body: { customerType: "INDIVIDUAL", currencies: ["USD", "USDC"] } });
    expect(patched.status).toBe(200);
    expect(Object.keys(byCurrency(await f.accountsOf(customer.id))).sort()).toEqual(["USD", "USDC"]);
  });

  it("is idempotent: provisioning again creates nothing and accepting the terms twice keeps one account per currency", async () => {
    const f = await internalAccountsFixture(t);
    const customer = await f.customer();
    const again = await t.db.$transaction((tx) => provisionCustomerInternalAccounts(tx, { platformId: f.platformId, customerId: uuidOf(customer.id) }));
    expect(again).toEqual([]);
    await t.call("PATCH", `/customers/${customer.id}`, { auth: f.auth, body: { customerType: "INDIVIDUAL", agreementConsents: [endUserTermsConsent()] } });
    expect(await f.accountsOf(customer.id)).toHaveLength(3);
  });

  it("follows the platform's supported currencies, including fiat beyond USD", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const supportedCurrencies = ["USD", "EUR", "BTC"].map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ["INCOMING", "OUTGOING"] }));
    await t.db.platform.update({ where: { id: f.platformId }, data: { supportedCurrencies } });
    const customer = await f.customer();
    expect(byCurrency(await f.accountsOf(customer.id))).toEqual({
      USD: { type: "INTERNAL_FIAT", status: "ACTIVE" },
      EUR: { type: "INTERNAL_FIAT", status: "ACTIVE" },
      BTC: { type: "INTERNAL_CRYPTO", status: "ACTIVE" },
    });
  });

  it("rolls back with the customer: a failed creation leaves no account and no ledger account", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const request = CustomerCreateRequestSchema.parse({ customerType: "INDIVIDUAL", platformCustomerId: "rolled-back" });
    await t.db
      .$transaction(async (tx) => {
        await createCustomer(tx, { platformId: f.platformId, request });
        throw new Error("later step failed");
      })
      .catch(() => undefined);
    expect(await t.db.internalAccount.count({ where: { platformId: f.platformId } })).toBe(0);
    expect(await t.db.ledgerAccount.count({ where: { platformId: f.platformId, kind: "CUSTOMER_INTERNAL" } })).toBe(0);
  });
});

describe("activateCustomerAccounts", () => {
  it("turns PENDING accounts ACTIVE with one INTERNAL_ACCOUNT.STATUS_UPDATED each, carrying the whole account", async () => {
    const f = await internalAccountsFixture(t);
    const customer = await f.customer();
    const activated = await t.db.$transaction((tx) => activateCustomerAccounts(tx, f.platformId, uuidOf(customer.id)));
    expect(activated.map((a) => a.status)).toEqual(["ACTIVE", "ACTIVE", "ACTIVE"]);
    expect((await f.accountsOf(customer.id)).map((a) => a.status)).toEqual(["ACTIVE", "ACTIVE", "ACTIVE"]);
    const events = await f.events("INTERNAL_ACCOUNT.STATUS_UPDATED");
    expect(events).toHaveLength(3);
    for (const event of events) {
      expect(event.id).toMatch(/^Webhook:/);
      expect(InternalAccountSchema.safeParse(event.data).success).toBe(true);
      expect(event.data).toMatchObject({ customerId: customer.id, status: "ACTIVE" });
    }
    expect(new Set(events.map((e) => e.data.id))).toEqual(new Set(activated.map((a) => `InternalAccount:${a.id}`)));
  });

  it("sends nothing the second time and leaves other customers' accounts alone", async () => {
    const f = await internalAccountsFixture(t);
    const [first, second] = [await f.customer(), await f.customer()];
    await t.db.$transaction((tx) => activateCustomerAccounts(tx, f.platformId, uuidOf(first.id)));
    expect(await t.db.$transaction((tx) => activateCustomerAccounts(tx, f.platformId, uuidOf(first.id)))).toEqual([]);
    expect(await f.events("INTERNAL_ACCOUNT.STATUS_UPDATED")).toHaveLength(3);
    expect((await f.accountsOf(second.id)).map((a) => a.status)).toEqual(["PENDING", "PENDING", "PENDING"]);
  });
});
