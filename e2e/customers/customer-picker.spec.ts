import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, pickCustomer, signIn } from "../support";
import { cardholder, headers } from "../cards/setup";

/** More than the old pickers' single page of 100 customers. */
const NEWER_CUSTOMERS = 101;

/** Customers created after the one a test looks for, so it is not among the newest 100. */
async function seedNewerCustomers(request: APIRequestContext, run: string): Promise<void> {
  for (let from = 0; from < NEWER_CUSTOMERS; from += 10) {
    const batch = Array.from({ length: Math.min(10, NEWER_CUSTOMERS - from) }, (_, i) => from + i);
    await Promise.all(
      batch.map(async (n) => {
        const created = await request.post(`${API}/customers`, { headers, data: { customerType: "INDIVIDUAL", fullName: `Filler ${run} ${n}`, platformCustomerId: `filler-${run}-${n}`, currencies: ["USD"] } });
        expect(created.status(), await created.text()).toBe(201);
      }),
    );
  }
}

test("the issue-card picker finds, by part of its id, a cardholder older than the newest 100 customers, and the card is issued to it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const name = `Needle ${run} Holder`;
  const { customerId } = await cardholder(request, name, `needle-${run}`);
  await seedNewerCustomers(request, run);
  const newest = (await (await request.get(`${API}/customers?limit=100`, { headers })).json()).data as { id: string }[];
  expect(newest.map((c) => c.id)).not.toContain(customerId); // the old picker's one page missed it

  await signIn(page);
  await page.goto("/cards/new");
  const box = page.getByRole("combobox", { name: "Cardholder" });
  await box.fill(`edle-${run}`);
  const listbox = page.getByRole("listbox", { name: "Cardholder" });
  await expect(listbox.getByRole("option")).toHaveCount(1);
  await expect(listbox.getByRole("option", { name: customerId })).toContainText(name);
  await expect(page.getByRole("status")).toHaveText("1 customer matches.");

  // Keyboard: the arrow makes the option active, Enter picks it (and does not submit the form).
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /-option-0$/);
  await box.press("Enter");
  await expect(box).toHaveValue(`${name} (needle-${run})`);
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(page).toHaveURL(/\/cards\/new$/);

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Issue a card", level: 1 })).toBeVisible();
  await expect(page.getByText(`Cardholder: ${name}`)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /USD account/ })).toBeChecked();
  await page.getByRole("button", { name: "Issue virtual card" }).click();
  await expect(page.getByRole("heading", { name: /^Card •••• \d{4}$/, level: 1 })).toBeVisible();
  await expect(page.getByText(`Virtual VISA card of ${name}`)).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveAttribute("href", `/customers/${encodeURIComponent(customerId)}`);
});

test("the quote builder's picker says when nothing matches, takes a pasted Customer: id, and offers that customer's accounts", async ({ page, request }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const name = `Paste ${run} Payer`;
  const { customerId, accountId } = await cardholder(request, name, `paste-${run}`);
  const platformUsd = (await (await request.get(`${API}/platform/internal-accounts?currency=USD`, { headers })).json()).data[0].id as string;

  await signIn(page);
  await page.goto("/quotes");
  await page.getByRole("radiogroup", { name: "Paid by" }).getByRole("radio", { name: "A customer" }).click();
  await expect(page.getByLabel("From account")).toHaveAccessibleDescription("Pick the customer first.");

  const box = page.getByRole("combobox", { name: "Paying customer" });
  await box.fill(`nobody-${run}`);
  await expect(page.getByRole("status")).toContainText(`No customers match “nobody-${run}”.`);
  await expect(page.getByRole("listbox", { name: "Paying customer" }).getByRole("option")).toHaveCount(0);
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");

  await pickCustomer(page, "Paying customer", customerId, customerId);
  await expect(box).toHaveValue(`${name} (paste-${run})`);
  const from = page.getByLabel("From account");
  await expect(from.locator(`option[value="${accountId}"]`)).toHaveCount(1);
  await from.selectOption(accountId);

  await page.getByRole("radiogroup", { name: "Destination type" }).getByRole("radio", { name: "Internal account" }).click();
  await page.getByLabel("To internal account").selectOption(platformUsd);
  await page.getByLabel("Amount (USD)").fill("1.00");
  await page.getByRole("button", { name: "Get quote" }).click();
  const quoteId = (await page.getByTestId("quote-id").textContent())!;
  const quote = await (await request.get(`${API}/quotes/${encodeURIComponent(quoteId)}`, { headers })).json();
  expect(quote.source).toMatchObject({ sourceType: "ACCOUNT", accountId });
  expect(quote.destination).toMatchObject({ accountId: platformUsd });
});
