import { expect, type APIRequestContext } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth } from "../support";

export const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };

/**
 * A KYC-approved individual with 100.00 USD, seeded as the platform's backend would; answers its
 * id and its USD account. `platformCustomerId` defaults to a fresh `card-<time>`.
 */
export async function cardholder(request: APIRequestContext, fullName: string, platformCustomerId?: string): Promise<{ customerId: string; accountId: string }> {
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: true, webhookEndpoint: null } })).status()).toBe(200);
  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  // Random ids carry sandbox suffixes now and then: a card issued without platformCardId takes its
  // outcome from the cardholder id (001 stays PROCESSING, 002 is rejected, 005 activates after 30 s),
  // and a funding account ending 002/003 is refused. Such a cardholder is deleted and replaced.
  let customerId: string;
  let accounts: { data: { id: string }[] };
  for (;;) {
    const data = { customerType: "INDIVIDUAL", fullName, platformCustomerId: platformCustomerId ?? `card-${Date.now()}`, currencies: ["USD"], agreementConsents: [consent] };
    const created = await request.post(`${API}/customers`, { headers, data });
    expect(created.status(), await created.text()).toBe(201);
    customerId = (await created.json()).id as string;
    accounts = await (await request.get(`${API}/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`, { headers })).json();
    if (!/00[125]$/.test(customerId) && !/00[23]$/.test(accounts.data[0]!.id)) break;
    expect((await request.delete(`${API}/customers/${encodeURIComponent(customerId)}`, { headers })).status()).toBe(200); // frees its platformCustomerId
  }
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: false } })).status()).toBe(200); // as other specs expect it
  const accountId = accounts.data[0]!.id;
  expect((await request.post(`${API}/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`, { headers, data: { amount: 10_000 } })).status()).toBe(200);
  return { customerId, accountId };
}
