import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };

/** A KYC-approved individual with 100.00 USD, seeded as the platform's backend would. */
async function cardholder(request: APIRequestContext, fullName: string): Promise<string> {
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: true, webhookEndpoint: null } })).status()).toBe(200);
  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  // Random ids carry sandbox suffixes now and then: a card issued without platformCardId takes its
  // outcome from the cardholder id (001 stays PROCESSING, 002 is rejected, 005 activates after 30 s),
  // and a funding account ending 002/003 is refused. Such a cardholder is replaced.
  let customerId: string;
  let accounts: { data: { id: string }[] };
  do {
    const created = await request.post(`${API}/customers`, { headers, data: { customerType: "INDIVIDUAL", fullName, platformCustomerId: `card-${Date.now()}`, currencies: ["USD"], agreementConsents: [consent] } });
    expect(created.status(), await created.text()).toBe(201);
    customerId = (await created.json()).id as string;
    accounts = await (await request.get(`${API}/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`, { headers })).json();
  } while (/00[125]$/.test(customerId) || /00[23]$/.test(accounts.data[0]!.id));
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: false } })).status()).toBe(200); // as other specs expect it
  expect((await request.post(`${API}/sandbox/internal-accounts/${encodeURIComponent(accounts.data[0]!.id)}/fund`, { headers, data: { amount: 10_000 } })).status()).toBe(200);
  return customerId;
}

test("a card is issued, authorizes (held), clears (debited), refunds, declines while frozen, and closes", async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `Grace Card ${Date.now()} Holder`;
  const customerId = await cardholder(request, name);

  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Cards" }).click();
  await page.getByRole("link", { name: "Issue card" }).click();
  await page.getByLabel("Cardholder").selectOption(customerId);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("checkbox", { name: /USD account/ })).toBeChecked();
  await page.getByLabel("Max per purchase (USD, optional)").fill("50");
  await page.getByRole("button", { name: "Issue virtual card" }).click();

  await expect(page.getByRole("heading", { name: /^Card •••• \d{4}$/, level: 1 })).toBeVisible();
  await expect(page.getByTestId("card-state")).toHaveText("ACTIVE");
  await expect(page.getByTestId("funding-available")).toHaveText("$100.00");

  const transactions = page.getByRole("table", { name: "Card transactions" });
  const simulate = async (simulation: string, options: { amount?: string; row?: RegExp; merchant?: string } = {}) => {
    await page.getByLabel("Simulation").selectOption({ label: simulation });
    if (options.row) {
      const select = page.getByLabel("Card transaction");
      const option = select.getByRole("option", { name: options.row });
      await select.selectOption((await option.getAttribute("value"))!);
    }
    if (options.merchant) await page.getByLabel("Merchant").fill(options.merchant);
    if (options.amount) await page.getByLabel("Amount (USD)").fill(options.amount);
    await page.getByRole("button", { name: "Send to the card" }).click();
    await expect(page.getByTestId("simulation-done")).toContainText(simulation);
  };

  // Authorize 12.50: held, not yet debited.
  await simulate("Authorize a purchase", { amount: "12.50", merchant: "Blue Bottle" });
  const purchase = transactions.getByRole("row").filter({ hasText: "Blue Bottle" }).filter({ hasText: "DEBIT" });
  await expect(purchase.getByTestId("card-transaction-status")).toHaveText("AUTHORIZED");
  await expect(page.getByTestId("funding-available")).toHaveText("$87.50");
  await expect(page.getByTestId("funding-posted")).toHaveText("$100.00");

  // Clear it: debited, hold gone.
  await simulate("Clear an authorization (0 expires it)", { amount: "12.50", row: /Blue Bottle · DEBIT · AUTHORIZED/ });
  await expect(purchase.getByTestId("card-transaction-status")).toHaveText("SETTLED");
  await expect(page.getByTestId("funding-available")).toHaveText("$87.50");
  await expect(page.getByTestId("funding-posted")).toHaveText("$87.50");

  // The merchant refunds 5.00.
  await simulate("Merchant return (refund)", { amount: "5.00", row: /Blue Bottle · DEBIT · SETTLED/ });
  await expect(purchase).toContainText("$5.00");
  await expect(page.getByTestId("funding-available")).toHaveText("$92.50");

  // Above the card's ceiling: declined with the reason.
  await simulate("Authorize a purchase", { amount: "60.00", merchant: "Big Store" });
  await expect(transactions.getByRole("row").filter({ hasText: "Big Store" }).getByTestId("card-transaction-status")).toHaveText("DECLINED · SPEND_LIMIT_EXCEEDED");

  // Frozen: purchases decline as not active; then closed for good.
  await page.getByRole("button", { name: "Freeze" }).click();
  await page.getByRole("dialog", { name: "Freeze this card?" }).getByRole("button", { name: "Freeze card" }).click();
  await expect(page.getByTestId("card-state")).toHaveText("FROZEN");
  await simulate("Authorize a purchase", { amount: "1.00", merchant: "Corner Deli" });
  await expect(transactions.getByRole("row").filter({ hasText: "Corner Deli" }).getByTestId("card-transaction-status")).toHaveText("DECLINED · CARD_NOT_ACTIVE");
  await expect(page.getByTestId("funding-available")).toHaveText("$92.50");

  await page.getByRole("button", { name: "Close card" }).click();
  const close = page.getByRole("dialog", { name: "Close this card?" });
  await expect(close).toContainText("Closing is final");
  await close.getByRole("button", { name: "Close card" }).click();
  await expect(page.getByTestId("card-state")).toHaveText("CLOSED (CLOSED_BY_PLATFORM)");
  await expect(page.getByRole("button", { name: "Freeze" })).toHaveCount(0);
});
