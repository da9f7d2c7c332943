import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { activeCustomer, deposit, headers } from "../transactions/setup";

test.use({ viewport: { width: 390, height: 844 } });

/** Every main page, with the data that makes it widest: tables with rows, long ids, keys and times. */
const PAGES = ["/", "/customers", "/accounts", "/transactions", "/quotes", "/cards", "/stablecoins", "/agents", "/webhooks", "/team", "/api-tokens", "/settings", "/sandbox", "/invitations"];

test("on a phone-wide window no dashboard page scrolls sideways: wide tables and code scroll inside their own box", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { customerId, accountId } = await activeCustomer(request, "Phone Width Person", `phone-${Date.now()}`);
  await deposit(request, accountId, 12_345);
  const transactions = await (await request.get(`${API}/transactions?customerId=${encodeURIComponent(customerId)}`, { headers })).json();
  const transactionId = transactions.data[0].id as string;

  await signIn(page);
  const paths = [...PAGES, `/customers/${encodeURIComponent(customerId)}`, `/transactions/${encodeURIComponent(transactionId)}`];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const widths = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect.soft(widths.scrollWidth, `${path} is ${widths.scrollWidth - widths.innerWidth}px wider than the window`).toBeLessThanOrEqual(widths.innerWidth);
  }
});
