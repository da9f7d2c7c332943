import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support";
import { clearWebhookEndpoint, createEurExternalAccount } from "./setup";

test.beforeAll(({ request }) => clearWebhookEndpoint(request));

test("a realtime-funded quote locked on the receiving side shows payment instructions, and sandbox funds run it to COMPLETED", async ({ page, request }) => {
  const destinationId = await createEurExternalAccount(request);

  await signIn(page);
  await page.goto("/quotes");
  await page.getByRole("radio", { name: "Real-time funding" }).click();
  await expect(page.getByLabel("Currency the payer sends")).toHaveValue("USD");
  await page.getByLabel("To external account").selectOption(destinationId);
  await page.getByRole("radio", { name: "Receiving amount" }).click();
  await page.getByLabel("Amount (EUR)").fill("50.00");
  await page.getByLabel("Remittance information").fill("Invoice 42");
  await page.getByRole("button", { name: "Get quote" }).click();

  await expect(page.getByTestId("quote-receiving-total")).toHaveText("€50.00");
  await expect(page.getByTestId("quote-countdown")).toHaveText(/left$/);
  const instructions = page.getByTestId("payment-instructions");
  await expect(instructions).toContainText("Reference");
  await expect(instructions.getByRole("button", { name: "Copy reference" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Execute" })).toHaveCount(0);
  const referenceRow = (within: Page) => within.getByTestId("payment-instructions").locator("div", { has: within.locator("dt", { hasText: /^Reference$/ }) }).locator("dd");
  const reference = (await referenceRow(page).textContent())!.trim();
  expect(reference).not.toBe("");

  // Support looking at the waiting transaction sees the same instructions.
  const quoteId = (await page.getByTestId("quote-id").textContent())!.trim();
  const quotePage = await page.context().newPage();
  await quotePage.goto(`/quotes/${encodeURIComponent(quoteId)}`);
  await quotePage.getByRole("link", { name: "Open transaction" }).click();
  await expect(quotePage.getByTestId("transaction-status")).toHaveText("PENDING");
  await expect(referenceRow(quotePage)).toHaveText(reference);
  await quotePage.close();

  await page.getByRole("button", { name: "Send funds (sandbox)" }).click();
  await expect(page.getByTestId("quote-ran")).toContainText("Funds sent");
  await page.getByRole("link", { name: "Open transaction" }).click();
  await expect(page.getByTestId("transaction-status")).toHaveText("COMPLETED");
  await expect(page.getByTestId("received-amount")).toHaveText("€50.00");
});
