import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { clearWebhookEndpoint, createEurExternalAccount, createUsdExternalAccount, fundedPlatformUsdAccount, headers } from "./setup";

test.beforeAll(({ request }) => clearWebhookEndpoint(request));

test("one empty submit names every missing field beside it, puts the cursor in the first, and sends nothing", async ({ page, request }) => {
  await fundedPlatformUsdAccount(request, 1_000);
  await createEurExternalAccount(request);
  await signIn(page);
  await page.goto("/quotes");
  const destination = page.getByLabel("To external account");
  await expect(destination).toHaveValue("");
  await expect(page.getByLabel(/^Amount/)).toHaveValue("");

  await page.getByRole("button", { name: "Get quote" }).click();

  await expect(page.getByTestId("quote-form-error")).toContainText("Some fields need attention");
  await expect(page.getByTestId("field-error-destination.accountId")).toHaveText("Choose an account");
  await expect(page.getByTestId("field-error-lockedCurrencyAmount")).toHaveText("must be an amount like 12.34");
  await expect(destination).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(/^Amount/)).toHaveAttribute("aria-invalid", "true");
  await expect(destination).toBeFocused();
  await expect(page.getByTestId("quote-id")).toHaveCount(0);

  // Fixing only the amount leaves only the destination's error, still beside it.
  await page.getByLabel(/^Amount/).fill("10.00");
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("field-error-destination.accountId")).toHaveText("Choose an account");
  await expect(page.getByTestId("field-error-lockedCurrencyAmount")).toHaveCount(0);
  await expect(destination).toBeFocused();
});

test("the purpose of payment offers every purpose in words, never the API's code", async ({ page }) => {
  await signIn(page);
  await page.goto("/quotes");
  const options = await page.getByLabel("Purpose of payment").locator("option").allTextContents();
  expect(options).toContain("Gift");
  expect(options).toContain("Transfer to own account");
  expect(options).toContain("Goods or services");
  expect(options).toHaveLength(15); // "Not given" and the API's 14 purposes
  for (const label of options) expect(label, "a raw enum code").not.toMatch(/^[A-Z_]+$/);
});

test("the page says where quotes priced earlier are found: pending outgoing payments in Transactions", async ({ page, request }) => {
  const sourceId = await fundedPlatformUsdAccount(request, 5_000);
  const destinationId = await createUsdExternalAccount(request, "000");
  const created = await request.post(`${API}/quotes`, {
    headers,
    data: { source: { sourceType: "ACCOUNT", accountId: sourceId }, destination: { destinationType: "ACCOUNT", accountId: destinationId }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const quote = await created.json();

  await signIn(page);
  await page.goto("/quotes");
  const link = page.getByTestId("pending-quotes-hint").getByRole("link", { name: "pending outgoing payment in Transactions" });
  await expect(link).toHaveAttribute("href", "/transactions?status=PENDING&type=OUTGOING");
  await link.click();
  await expect(page).toHaveURL(/\/transactions\?status=PENDING&type=OUTGOING$/);
  // The quote not executed yet is there, newest first.
  await expect(page.getByRole("table", { name: "Transactions" }).getByRole("row").filter({ hasText: quote.transactionId })).toContainText("PENDING");
});
