import { expect, type APIRequestContext } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth } from "../support";

export const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };

/**
 * A KYC-approved individual with an ACTIVE USD account, seeded as the platform's backend would;
 * answers its id and that account. The name must not end in 001/002/003 (sandbox KYC outcomes).
 */
export async function activeCustomer(request: APIRequestContext, fullName: string, platformCustomerId: string): Promise<{ customerId: string; accountId: string }> {
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: true, webhookEndpoint: null } })).status()).toBe(200);
  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  const created = await request.post(`${API}/customers`, { headers, data: { customerType: "INDIVIDUAL", fullName, platformCustomerId, currencies: ["USD"], agreementConsents: [consent] } });
  expect(created.status(), await created.text()).toBe(201);
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: false } })).status()).toBe(200); // as other specs expect it
  const customerId = (await created.json()).id as string;
  const accounts = await (await request.get(`${API}/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`, { headers })).json();
  return { customerId, accountId: accounts.data[0].id as string };
}

/** A sandbox deposit of `amount` cents: one INCOMING COMPLETED transaction of the account's customer. */
export async function deposit(request: APIRequestContext, accountId: string, amount: number): Promise<void> {
  const funded = await request.post(`${API}/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`, { headers, data: { amount } });
  expect(funded.status(), await funded.text()).toBe(200);
}
