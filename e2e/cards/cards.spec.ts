import { expect, test } from "@playwright/test";
import { pickCustomer, signIn } from "../support";
import { cardholder } from "./setup";

test("a card is issued, authorizes (held), clears (debited), refunds, declines while frozen, and closes", async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `Grace Card ${Date.now()} Holder`;
  const { customerId } = await cardholder(request, name);

  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Cards" }).click();
  await page.getByRole("link", { name: "Issue card" }).click();
  await pickCustomer(page, "Cardholder", name, customerId);
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
  // On a phone the status and its reason fit the table's visible width (they wrap), not only after scrolling it sideways.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await transactions.getByRole("row").filter({ hasText: "Big Store" }).getByTestId("card-transaction-status").evaluate((badge) => {
    let box = badge.parentElement;
    while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
    return badge.getBoundingClientRect().right - (box ?? document.documentElement).getBoundingClientRect().right;
  });
  expect(overflow, "pixels of the status past the table's visible edge").toBeLessThanOrEqual(0);
  await page.setViewportSize(viewport);

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
