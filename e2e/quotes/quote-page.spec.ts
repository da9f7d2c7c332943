import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { clearWebhookEndpoint, createEurExternalAccount, fundedPlatformUsdAccount, headers } from "./setup";

test.beforeAll(({ request }) => clearWebhookEndpoint(request));

test("a quote's own page shows its price and status, executes while it holds, and links its transaction", async ({ page, request }) => {
  const sourceId = await fundedPlatformUsdAccount(request, 20_000);
  const destinationId = await createEurExternalAccount(request);
  const created = await request.post(`${API}/quotes`, {
    headers,
    data: { source: { sourceType: "ACCOUNT", accountId: sourceId }, destination: { destinationType: "ACCOUNT", accountId: destinationId }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 5_000 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const quote = await created.json();

  await signIn(page);
  await page.goto(`/quotes/${encodeURIComponent(quote.id)}`);
  await expect(page.getByTestId("quote-status")).toHaveText("PENDING");
  await expect(page.getByTestId("quote-sending-total")).toHaveText("$50.00");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page.getByTestId("quote-status")).toHaveText("COMPLETED");
  await expect(page.getByRole("button", { name: "Execute" })).toHaveCount(0);
  await page.getByRole("link", { name: "Open transaction" }).click();
  await expect(page.getByTestId("transaction-status")).toHaveText("COMPLETED");
  // …and the transaction page links back to the quote.
  await page.getByRole("link", { name: quote.id }).click();
  await expect(page).toHaveURL(new RegExp(`/quotes/${encodeURIComponent(quote.id)}$`));
});

test("the builder looks a UMA receiver up before quoting it; a receiver whose provider fails says so", async ({ page, request }) => {
  const sourceId = await fundedPlatformUsdAccount(request, 20_000);
  await signIn(page);
  await page.goto("/quotes");
  await page.getByLabel("From account").selectOption(sourceId);
  await page.getByRole("radio", { name: "UMA address" }).click();
  await page.getByLabel("UMA address").fill("$success.eur@sandbox.uma.money");
  await page.getByLabel("Currency the receiver gets").fill("EUR");
  await page.getByLabel(/^Amount/).fill("10.00");
  await page.getByRole("button", { name: "Get quote" }).click();
  const quoteId = (await page.getByTestId("quote-id").textContent())!;
  const quote = await (await request.get(`${API}/quotes/${encodeURIComponent(quoteId)}`, { headers })).json();
  expect(quote.destination).toMatchObject({ destinationType: "UMA_ADDRESS", currency: "EUR" });

  await page.getByLabel("UMA address").fill("$fail.server.usd@sandbox.uma.money");
  await page.getByLabel("Currency the receiver gets").fill("USD");
  await page.getByRole("button", { name: /Get quote|Refresh/ }).first().click();
  await expect(page.getByText(/server error/)).toBeVisible();
});
