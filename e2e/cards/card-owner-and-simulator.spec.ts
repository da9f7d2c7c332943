import { expect, test, type Page } from "@playwright/test";
import { API, signIn } from "../support";
import { cardholder, headers } from "./setup";

async function issueCard(request: Parameters<typeof cardholder>[0], name: string): Promise<{ cardId: string; customerId: string }> {
  const { customerId, accountId } = await cardholder(request, name);
  const created = await request.post(`${API}/cards`, { headers, data: { cardholderId: customerId, form: "VIRTUAL", fundingSources: [accountId], maxSpendPerTransaction: 5000, platformCardId: `owner-${Date.now()}-x` } });
  expect(created.status(), await created.text()).toBe(201);
  return { cardId: (await created.json()).id as string, customerId };
}

async function simulate(page: Page, simulation: string, options: { amount?: string; row?: string; merchant?: string } = {}) {
  await page.getByLabel("Simulation").selectOption({ label: simulation });
  if (options.row) await page.getByLabel("Card transaction").selectOption({ label: options.row });
  if (options.merchant) await page.getByLabel("Merchant").fill(options.merchant);
  if (options.amount) await page.getByLabel("Amount (USD)").fill(options.amount);
  await page.getByRole("button", { name: "Send to the card" }).click();
  await expect(page.getByTestId("simulation-done")).toContainText(simulation);
}

/** The labels the simulator's Card transaction select offers, its empty choice left out (polled: the list refreshes after each simulation). */
async function offered(page: Page, simulation: string): Promise<string[]> {
  await page.getByLabel("Simulation").selectOption({ label: simulation });
  const options = await page.getByLabel("Card transaction").locator("option").allTextContents();
  return options.slice(1);
}

test("the card page and the cards list name the cardholder, linking to the customer, and show the ceiling as $50.00", async ({ page, request }) => {
  const name = `Hedy ${Date.now()} Holder`;
  const { cardId, customerId } = await issueCard(request, name);
  const customerHref = `/customers/${encodeURIComponent(customerId)}`;

  await signIn(page);
  await page.goto(`/cards/${encodeURIComponent(cardId)}`);
  await expect(page.getByText(new RegExp(`^Virtual \\w* ?card of ${name}$`))).toBeVisible();
  await expect(page.getByText(customerId)).toHaveCount(0); // no raw Customer:<uuid> on screen
  await expect(page.getByTestId("card-max-per-purchase")).toHaveText("$50.00");

  await page.goto("/cards");
  const row = page.getByRole("table", { name: "Cards" }).getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", customerHref);
  await expect(row).toContainText("$50.00");
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});

test("the simulator offers each action only the card transactions it applies to: a declined purchase cannot be cleared", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { cardId } = await issueCard(request, `Sim ${Date.now()} Filter`);
  await signIn(page);
  await page.goto(`/cards/${encodeURIComponent(cardId)}`);

  await simulate(page, "Authorize a purchase", { amount: "12.50", merchant: "Blue Bottle" });
  await simulate(page, "Authorize a purchase", { amount: "60.00", merchant: "Big Store" }); // above the $50.00 ceiling
  await expect(page.getByRole("table", { name: "Card transactions" }).getByRole("row").filter({ hasText: "Big Store" })).toContainText("DECLINED");

  await expect.poll(() => offered(page, "Clear an authorization (0 expires it)")).toEqual(["Blue Bottle · DEBIT · AUTHORIZED · $12.50"]);
  await expect.poll(() => offered(page, "Re-size an open authorization")).toEqual(["Blue Bottle · DEBIT · AUTHORIZED · $12.50"]);
  await expect.poll(() => offered(page, "Merchant return (refund)")).toEqual([]);
  await expect(page.getByText("No settled purchase to refund: clear an authorization first.")).toBeVisible();

  await simulate(page, "Clear an authorization (0 expires it)", { amount: "12.50", row: "Blue Bottle · DEBIT · AUTHORIZED · $12.50" });
  await expect.poll(() => offered(page, "Clear an authorization (0 expires it)")).toEqual([]);
  await expect(page.getByText("No open authorization to clear: authorize a purchase first.")).toBeVisible();
  await expect.poll(() => offered(page, "Merchant return (refund)")).toEqual(["Blue Bottle · DEBIT · SETTLED · $12.50"]);
  await simulate(page, "Merchant return (refund)", { amount: "5.00", row: "Blue Bottle · DEBIT · SETTLED · $12.50" });
  await expect.poll(() => offered(page, "Reverse a return")).toEqual(["Blue Bottle · CREDIT · SETTLED · $5.00"]);
});
