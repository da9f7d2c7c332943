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

/** A EUR bank account of the platform whose IBAN ends in `suffix` (sandbox outcome: 000 completes at once, 003 after ~6 minutes). */
export async function createEurExternalAccount(request: APIRequestContext, suffix = "000"): Promise<string> {
  const accountInfo = { accountType: "EUR_ACCOUNT", iban: `DE89${uniqueDigits(15)}${suffix}`, swiftCode: "COBADEFF", beneficiary: PERSON_DE };
  const response = await request.post(`${API}/platform/external-accounts`, { headers, data: { currency: "EUR", accountInfo } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** A USD bank account of the platform whose account number ends in `suffix`. */
export async function createUsdExternalAccount(request: APIRequestContext, suffix: string): Promise<string> {
  const accountInfo = { accountType: "USD_ACCOUNT", accountNumber: `${uniqueDigits(9)}${suffix}`, routingNumber: "021000021", bankAccountType: "CHECKING", beneficiary: PERSON_US };
  const response = await request.post(`${API}/platform/external-accounts`, { headers, data: { currency: "USD", accountInfo } });
  expect(response.status(), await response.text()).toBe(201);
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
