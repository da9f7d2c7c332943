import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { deposit, headers } from "./setup";

test("a transaction of a customer created without your own customer ID shows the customer's id once", async ({ page, request }) => {
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: true, webhookEndpoint: null } })).status()).toBe(200);
  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  // No platformCustomerId: "Your customer ID" defaults to the service's id.
  const created = await request.post(`${API}/customers`, { headers, data: { customerType: "INDIVIDUAL", fullName: "Noid Person", currencies: ["USD"], agreementConsents: [consent] } });
  expect(created.status(), await created.text()).toBe(201);
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: false } })).status()).toBe(200);
  const customer = await created.json();
  expect(customer.platformCustomerId).toBe(customer.id);
  const accounts = await (await request.get(`${API}/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`, { headers })).json();
  await deposit(request, accounts.data[0].id, 1_000);
  const transactions = await (await request.get(`${API}/transactions?customerId=${encodeURIComponent(customer.id)}`, { headers })).json();

  await signIn(page);
  await page.goto(`/transactions/${encodeURIComponent(transactions.data[0].id)}`);
  const shown = page.getByTestId("transaction-customer");
  await expect(shown.getByRole("link", { name: "Noid Person" })).toBeVisible();
  expect((await shown.textContent())!.split(customer.id).length - 1, "times the customer id is shown").toBe(1);
  await expect(shown.getByTestId("transaction-platform-customer-id")).toHaveCount(0);
});
