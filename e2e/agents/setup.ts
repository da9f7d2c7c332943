import { expect, type APIRequestContext } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth } from "../support";

export const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };
export const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A KYC-approved customer with 1,000.00 USD and its own US bank account, seeded as the platform's backend would. */
export async function fundedCustomer(request: APIRequestContext) {
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: true, webhookEndpoint: null } })).status()).toBe(200);
  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  const created = await request.post(`${API}/customers`, { headers, data: { customerType: "INDIVIDUAL", fullName: "Alan Turing", platformCustomerId: `agent-owner-${unique()}`, currencies: ["USD"], agreementConsents: [consent] } });
  expect(created.status(), await created.text()).toBe(201);
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: false } })).status()).toBe(200); // as other specs expect it
  const customerId = (await created.json()).id as string;
  const accounts = await (await request.get(`${API}/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`, { headers })).json();
  const accountId = accounts.data[0].id as string;
  expect((await request.post(`${API}/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`, { headers, data: { amount: 100_000 } })).status()).toBe(200);
  const accountInfo = {
    accountType: "USD_ACCOUNT",
    accountNumber: `${unique().slice(-9)}000`,
    routingNumber: "021000021",
    bankAccountType: "CHECKING",
    beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Alan Turing", address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" } },
  };
  const external = await request.post(`${API}/customers/external-accounts`, { headers, data: { currency: "USD", customerId, accountInfo } });
  expect(external.status(), await external.text()).toBe(201);
  return { customerId, accountId, externalAccountId: (await external.json()).id as string, accountNumber: accountInfo.accountNumber };
}

/** Every payment of this agent waits for a person (up to 1,000.00 USD each). */
export const APPROVAL_POLICY = { permissions: ["CREATE_TRANSFERS"], defaultExecutionMode: "APPROVAL_REQUIRED", spendingLimits: { currency: "USD", perTransactionLimit: 100_000 } };

/** Creates an agent through the API and redeems its device code, as the agent software would; answers its id and its bearer header. */
export async function installedAgent(request: APIRequestContext, customerId: string, name: string, policy: object = APPROVAL_POLICY): Promise<{ agentId: string; bearer: { authorization: string } }> {
  const created = await request.post(`${API}/agents`, { headers, data: { name, customerId, policy } });
  expect(created.status(), await created.text()).toBe(201);
  const { agent, deviceCode } = await created.json();
  const redeemed = await request.post(`${API}/agents/device-codes/${deviceCode.code}/redeem`);
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  return { agentId: agent.id as string, bearer: { authorization: `Bearer ${(await redeemed.json()).accessToken}` } };
}
