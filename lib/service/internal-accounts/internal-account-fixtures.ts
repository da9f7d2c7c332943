// Test-only helpers for the internal-accounts tests (imported by *.test.ts files only).
import { currentAgreement } from "../customers/agreements";
import type { Permission } from "../http/context";
import type { TestApp } from "../testing/test-app";
import { activateCustomerAccounts } from "./activate-customer-accounts";

/** The end-user terms consent that unregulated platforms need before accounts are provisioned. */
export function endUserTermsConsent() {
  const terms = currentAgreement("SERVICE_END_USER_TERMS");
  return { type: terms.type, termsVersion: terms.version, acceptedAt: "2025-11-01T10:00:00.000Z", ipAddress: "203.0.113.7", acceptanceMethod: "CHECKBOX" };
}

/** A sandbox platform, optionally regulated (customers APPROVED at creation), with API shortcuts. */
export async function internalAccountsFixture(t: TestApp, options: { isRegulated?: boolean; permissions?: Permission[] } = {}) {
  const p = await t.createTestPlatform(options.permissions);
  const platformId = p.platform.id;
  if (options.isRegulated) await t.db.platform.update({ where: { id: platformId }, data: { isRegulatedFinancialInstitution: true } });

  /** POST /customers; on unregulated platforms the end-user terms are accepted unless `hasConsent` is false. */
  async function customer(options: { hasConsent?: boolean; currencies?: string[] } = {}) {
    const body = {
      customerType: "INDIVIDUAL",
      fullName: "Ada Lovelace",
      ...(options.currencies && { currencies: options.currencies }),
      ...(options.hasConsent !== false && { agreementConsents: [endUserTermsConsent()] }),
    };
    const res = await t.call("POST", "/customers", { auth: p.auth, body });
    if (res.status !== 201) throw new Error(`customer creation failed: ${res.text}`);
    return res.json as { id: string; kycStatus: string };
  }

  async function accountsOf(customerId: string, query = "") {
    const res = await t.call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}${query}`, { auth: p.auth });
    if (res.status !== 200) throw new Error(`listing failed: ${res.text}`);
    return res.json.data as { id: string; type: string; status: string; balance: { amount: number; currency: { code: string } } }[];
  }

  /** A customer's ACTIVE account in `currency` (KYC approved directly in the database, as the KYC area will). */
  async function activeAccount(currency = "USD") {
    const created = await customer();
    const customerUuid = created.id.replace("Customer:", "");
    if (!options.isRegulated) {
      await t.db.customer.update({ where: { id: customerUuid }, data: { kycStatus: "APPROVED" } });
      await t.db.$transaction((tx) => activateCustomerAccounts(tx, platformId, customerUuid));
    }
    const account = (await accountsOf(created.id)).find((a) => a.balance.currency.code === currency);
    if (!account) throw new Error(`no ${currency} account`);
    return { customerId: created.id, accountId: account.id, uuid: account.id.replace("InternalAccount:", "") };
  }

  const fund = (accountId: string, amount: unknown, auth = p.auth) => t.call("POST", `/sandbox/internal-accounts/${accountId}/fund`, { auth, body: { amount } });

  const events = async (type: string) =>
    (await t.db.webhookEvent.findMany({ where: { platformId, type }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((e) => JSON.parse(e.body));

  return { ...p, platformId, customer, accountsOf, activeAccount, fund, events };
}
