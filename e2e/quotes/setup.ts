import { expect, type APIRequestContext } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth } from "../support";

/** Seeding for the quote and payment specs, through the Service API as an integrator would. */
export const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };

const PERSON_DE = { beneficiaryType: "INDIVIDUAL", fullName: "Jean Dupont", countryOfResidence: "DE", address: { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" } };
const PERSON_US = { beneficiaryType: "INDIVIDUAL", fullName: "Jane Doe", address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" } };

/** Payouts write webhook events; with an endpoint left by an earlier spec they would retry into it later. */
export async function clearWebhookEndpoint(request: APIRequestContext): Promise<void> {
  const response = await request.patch(`${API}/config`, { headers, data: { webhookEndpoint: null } });
  expect(response.status()).toBe(200);
}

/** The platform's USD internal account, funded with `amount` cents more. */
export async function fundedPlatformUsdAccount(request: APIRequestContext, amount: number): Promise<string> {
  const response = await request.get(`${API}/platform/internal-accounts?currency=USD`, { headers });
  expect(response.status()).toBe(200);
  const account = (await response.json()).data[0] as { id: string } | undefined;
  if (!account) throw new Error("no platform USD account");
  const funded = await request.post(`${API}/sandbox/internal-accounts/${encodeURIComponent(account.id)}/fund`, { headers, data: { amount } });
  expect(funded.status()).toBe(200);
  return account.id;
}

/** Unique digits, so each run's accounts differ (the service refuses duplicates). */
function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.padStart(length, "0").slice(-length);
}

const BANK_ACCOUNT_INFO = {
  EUR: (suffix: string) => ({ accountType: "EUR_ACCOUNT", iban: `DE89${uniqueDigits(15)}${suffix}`, swiftCode: "COBADEFF", beneficiary: PERSON_DE }),
  USD: (suffix: string) => ({ accountType: "USD_ACCOUNT", accountNumber: `${uniqueDigits(9)}${suffix}`, routingNumber: "021000021", bankAccountType: "CHECKING", beneficiary: PERSON_US }),
};

/**
 * A bank account in `currency` whose number ends in `suffix`, of the platform or of `customerId`
 * (sandbox outcomes by suffix: 000 completes at once; 002 fails at once; EUR 003 after ~6 minutes).
 */
export async function createBankAccount(request: APIRequestContext, currency: "EUR" | "USD", suffix: string, customerId?: string): Promise<string> {
  const accountInfo = BANK_ACCOUNT_INFO[currency](suffix);
  const response = customerId
    ? await request.post(`${API}/customers/external-accounts`, { headers, data: { currency, customerId, accountInfo } })
    : await request.post(`${API}/platform/external-accounts`, { headers, data: { currency, accountInfo } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/**
 * The platform's Spark wallet, where stablecoins can be minted (created once: the e2e database
 * persists between runs). THIRD_PARTY makes it ACTIVE at once; FIRST_PARTY waits for an ownership proof.
 */
export async function ensurePlatformSparkWallet(request: APIRequestContext): Promise<void> {
  const accountInfo = { accountType: "SPARK_WALLET", address: "sparkrt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu" };
  const response = await request.post(`${API}/platform/external-accounts`, { headers, data: { currency: "BTC", accountInfo, ownershipType: "THIRD_PARTY" } });
  expect([201, 409], await response.text()).toContain(response.status());
}

/** A EUR bank account of the platform whose IBAN ends in `suffix` (sandbox outcome: 000 completes at once, 003 after ~6 minutes). */
export const createEurExternalAccount = (request: APIRequestContext, suffix = "000") => createBankAccount(request, "EUR", suffix);

/** A USD bank account of the platform whose account number ends in `suffix`. */
export const createUsdExternalAccount = (request: APIRequestContext, suffix: string) => createBankAccount(request, "USD", suffix);

/** An individual, KYC-approved at creation (sandbox "skip verification paperwork") and bound by the end-user terms, so money can be pulled from its bank accounts. */
export async function createApprovedCustomer(request: APIRequestContext, fullName: string): Promise<string> {
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: true } })).status()).toBe(200);
  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  const data = { customerType: "INDIVIDUAL", fullName, platformCustomerId: `pull-${uniqueDigits(12)}`, birthDate: "1980-12-09", nationality: "US", currencies: ["USD"], agreementConsents: [consent] };
  const response = await request.post(`${API}/customers`, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: false } })).status()).toBe(200); // as other specs expect it
  return (await response.json()).id;
}

/** Creates and executes a quote through the API; answers its transaction id. */
export async function executedQuote(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const created = await request.post(`${API}/quotes`, { headers, data: body });
  expect(created.status(), await created.text()).toBe(200);
  const quote = await created.json();
  const executed = await request.post(`${API}/quotes/${encodeURIComponent(quote.id)}/execute`, { headers });
  expect(executed.status(), await executed.text()).toBe(200);
  return quote.transactionId;
}
