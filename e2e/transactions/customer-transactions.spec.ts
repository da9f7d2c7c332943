import { expect, test, type Page } from "@playwright/test";
import { pickCustomer, signIn } from "../support";
import { activeCustomer, deposit } from "./setup";

/**
 * The Transactions page shows 20 a page (PAGE_SIZE in app/(dashboard)/transactions/page.tsx), as
 * does the customer page's card: 21 deposits are the fewest that spill onto a second page.
 */
const PAGE_SIZE = 20;
const cents = (n: number) => `$${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;

const seed = { run: "", first: { customerId: "", name: "" }, firstAmounts: [] as string[], second: { customerId: "", name: "" }, secondAmount: "" };

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  seed.run = Date.now().toString(36);
  seed.first.name = `Ada Filter ${seed.run} One`;
  const first = await activeCustomer(request, seed.first.name, `txf-${seed.run}-one`);
  seed.first.customerId = first.customerId;
  // $1.01…$1.21, oldest first: each row is told apart by its amount, as a person reads the list.
  for (let i = 1; i <= PAGE_SIZE + 1; i += 1) {
    await deposit(request, first.accountId, 100 + i);
    seed.firstAmounts.push(cents(100 + i));
  }
  seed.second.name = `Bea Filter ${seed.run} Two`;
  const second = await activeCustomer(request, seed.second.name, `txf-${seed.run}-two`);
  seed.second.customerId = second.customerId;
  await deposit(request, second.accountId, 901); // the newest transaction of all
  seed.secondAmount = cents(901);
});

function amountsShown(page: Page): Promise<string[]> {
  return page.getByRole("table", { name: "Transactions" }).getByTestId("transaction-amount").allTextContents();
}

test("a customer's View all transactions lists only theirs, pages past 20, clearing the filter lists everyone's, and the picker filters by another", async ({ page }) => {
  await signIn(page);
  await page.goto(`/customers/${encodeURIComponent(seed.first.customerId)}`);
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Transactions", level: 2, exact: true }) });
  await expect(card).toContainText(`${PAGE_SIZE + 1} transaction(s), newest first; the latest ${PAGE_SIZE} are shown.`);
  await card.getByRole("link", { name: "View all transactions" }).click();

  await expect(page).toHaveURL(new RegExp(`/transactions\\?customerId=${encodeURIComponent(seed.first.customerId)}$`)); // an id has no regex metacharacters
  await expect(page.getByTestId("customer-filter")).toContainText(`Customer: ${seed.first.name} (txf-${seed.run}-one)`);
  await expect(page.getByText(`${PAGE_SIZE + 1} transaction(s) matching the filters`)).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Transaction pages" });
  await expect(pager).toContainText("Page 1");
  const firstPage = await amountsShown(page);
  expect(firstPage).toEqual(seed.firstAmounts.slice(1).reverse());

  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]cursor=[^&]+&page=2$/);
  await expect(pager).toContainText("Page 2");
  await expect(page.getByTestId("customer-filter")).toBeVisible();
  await expect.poll(() => amountsShown(page)).toEqual([seed.firstAmounts[0]]);
  await page.reload(); // the filter and the position live in the URL
  await expect(page.getByTestId("customer-filter")).toContainText(seed.first.name);
  await expect.poll(() => amountsShown(page)).toEqual([seed.firstAmounts[0]]);

  // Another filter keeps the customer and starts again at page 1.
  await page.getByLabel("Type").selectOption("INCOMING");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/transactions\?customerId=[^&]+&.*type=INCOMING/);
  expect(new URL(page.url()).searchParams.has("cursor")).toBe(false);
  await expect(pager).toContainText("Page 1");
  await expect.poll(() => amountsShown(page)).toEqual(firstPage);

  await page.getByTestId("customer-filter").getByRole("link", { name: "clear the customer filter" }).click();
  await expect(page.getByTestId("customer-filter")).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get("customerId")).toBeNull();
  expect(new URL(page.url()).searchParams.get("type")).toBe("INCOMING");
  await expect(page.getByRole("combobox", { name: "Customer" })).toHaveValue("");
  // Both customers' newest deposits lead the unfiltered list.
  await expect.poll(async () => (await amountsShown(page)).slice(0, 2)).toEqual([seed.secondAmount, seed.firstAmounts.at(-1)]);

  await pickCustomer(page, "Customer", seed.second.name, seed.second.customerId);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("customer-filter")).toContainText(`Customer: ${seed.second.name}`);
  await expect.poll(() => amountsShown(page)).toEqual([seed.secondAmount]);
});
