import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { clearWebhookEndpoint, createEurExternalAccount, fundedPlatformUsdAccount, headers } from "./setup";

test.beforeAll(({ request }) => clearWebhookEndpoint(request));

test("a USD→EUR quote shows its rate, fees and countdown, executes, and its transaction completes with the rate and fees", async ({ page, request }) => {
  const sourceId = await fundedPlatformUsdAccount(request, 50_000);
  const destinationId = await createEurExternalAccount(request);

  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Quotes" }).click();
  await expect(page.getByRole("heading", { name: "Quotes", level: 1 })).toBeVisible();
  await page.getByLabel("From account").selectOption(sourceId);
  await page.getByLabel("To external account").selectOption(destinationId);
  await page.getByRole("radio", { name: "Sending amount" }).click();
  await page.getByLabel("Amount (USD)").fill("100.00");
  await expect(page.getByTestId("amount-preview")).toContainText("10,000 in the smallest unit");
  await page.getByRole("button", { name: "Get quote" }).click();

  const quoteId = (await page.getByTestId("quote-id").textContent())!;
  expect(quoteId).toMatch(/^Quote:[0-9a-f-]{36}$/);
  await expect(page.getByTestId("quote-sending-total")).toHaveText("$100.00");
  await expect(page.getByTestId("quote-receiving-total")).toContainText("€");
  await expect(page.getByTestId("exchange-rate").first()).toContainText(/^1 EUR = [\d.]+ USD$/);
  await expect(page.getByTestId("quote-fees")).toContainText("$");
  await expect(page.getByTestId("quote-platform-fees")).toContainText("$");
  await expect(page.getByTestId("rate-details")).toContainText("Service variable fee rate");
  await expect(page.getByTestId("quote-countdown")).toHaveText(/^[0-4]:\d\d left$/);

  // The API's own quote matches what the page shows.
  const quote = await (await request.get(`${API}/quotes/${encodeURIComponent(quoteId)}`, { headers })).json();
  expect(quote.status).toBe("PENDING");
  expect(quote.totalSendingAmount).toBe(10_000);
  expect(quote.feesIncluded).toBeGreaterThan(0);
  const fees = `$${(quote.feesIncluded / 100).toFixed(2)}`;
  await expect(page.getByTestId("quote-fees")).toHaveText(fees);

  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page.getByTestId("quote-ran")).toContainText("Quote executed");
  await page.getByRole("link", { name: "Open transaction" }).click();

  await expect(page).toHaveURL(new RegExp(`/transactions/${encodeURIComponent(quote.transactionId)}$`));
  await expect(page.getByTestId("transaction-status")).toHaveText("COMPLETED");
  await expect(page.getByTestId("sent-amount")).toHaveText("$100.00");
  await expect(page.getByTestId("transaction-exchange-rate")).toHaveText(`1 EUR = ${quote.exchangeRate} USD`);
  await expect(page.getByTestId("transaction-fees")).toHaveText(fees);
  await expect(page.getByTestId("transaction-platform-fees")).toContainText("$");
  await expect(page.getByRole("heading", { name: "Quote", exact: true })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Status timeline" });
  await expect(timeline.getByTestId("timeline-step").filter({ hasText: "COMPLETED" })).toHaveCount(1);
});

test("an unknown UMA address is named beside the address field, and no quote is shown", async ({ page }) => {
  await signIn(page);
  await page.goto("/quotes");
  await page.getByRole("radio", { name: "UMA address" }).click();
  await page.getByLabel("UMA address").fill("$nobody@sandbox.uma.money");
  await page.getByLabel("Currency the receiver gets").fill("EUR");
  await page.getByLabel(/^Amount/).fill("10.00");
  await page.getByRole("button", { name: "Get quote" }).click();

  await expect(page.getByTestId("field-error-destination.umaAddress")).toContainText("nobody");
  await expect(page.getByTestId("quote-id")).toHaveCount(0);
});
