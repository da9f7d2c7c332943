import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { API, signIn } from "../support";
import { activeCustomer, deposit, headers } from "./setup";

/**
 * What support sees when reviewing payments: the list fits a laptop and a phone, a failed payout
 * says whose it is, where it came from, why it failed and what to do, and filters that cannot
 * match say so. Sandbox payouts to a bank account ending in 004 fail with ACCOUNT_CANNOT_RECEIVE
 * and are refunded; ending in 007 the payout and its refund both fail (BEHAVIORS.md §4.3).
 */
const seed = { run: "", name: "", platformCustomerId: "", customerId: "", accountId: "", cannotReceive: "", refundFailed: "" };

const BENEFICIARY = { beneficiaryType: "INDIVIDUAL", fullName: "Rita Review", address: { line1: "1 Main St", city: "Springfield", postalCode: "62701", country: "US" } };

async function bankAccount(request: APIRequestContext, suffix: string): Promise<string> {
  const accountNumber = `${String(Date.now()).slice(-9)}${suffix}`;
  const created = await request.post(`${API}/customers/external-accounts`, {
    headers,
    data: { currency: "USD", customerId: seed.customerId, accountInfo: { accountType: "USD_ACCOUNT", accountNumber, routingNumber: "021000021", bankAccountType: "CHECKING", beneficiary: BENEFICIARY } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id as string;
}

/** Pays 12.34 from the customer's account to the bank account, and waits until the payment (and its refund, when `refund` is given) reaches the status. */
async function failedPayout(request: APIRequestContext, suffix: string, refund?: string): Promise<string> {
  const destination = await bankAccount(request, suffix);
  const quote = await request.post(`${API}/quotes`, {
    headers,
    data: { source: { sourceType: "ACCOUNT", accountId: seed.accountId }, destination: { destinationType: "ACCOUNT", accountId: destination }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1234 },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const quoteId = (await quote.json()).id as string;
  const executed = await request.post(`${API}/quotes/${encodeURIComponent(quoteId)}/execute`, { headers });
  expect(executed.status(), await executed.text()).toBe(200);
  const transactionId = (await (await request.get(`${API}/quotes/${encodeURIComponent(quoteId)}`, { headers })).json()).transactionId as string;
  await expect
    .poll(async () => {
      const t = await (await request.get(`${API}/transactions/${encodeURIComponent(transactionId)}`, { headers })).json();
      return refund ? `${t.status}/${t.refund?.status}` : t.status;
    }, { timeout: 30_000 })
    .toBe(refund ? `FAILED/${refund}` : "FAILED");
  return transactionId;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  seed.run = Date.now().toString(36);
  seed.name = `Rita Review ${seed.run}`;
  seed.platformCustomerId = `review-${seed.run}`;
  const customer = await activeCustomer(request, seed.name, seed.platformCustomerId);
  Object.assign(seed, customer);
  await deposit(request, seed.accountId, 100_000);
  seed.cannotReceive = await failedPayout(request, "004");
  seed.refundFailed = await failedPayout(request, "007", "FAILED");
});

const transactionPath = (id: string) => `/transactions/${encodeURIComponent(id)}`;

function rowOf(table: Locator, transactionId: string): Locator {
  return table.getByRole("row").filter({ has: table.page().locator(`a[href="${transactionPath(transactionId)}"]`) });
}

/** The right edge of what the locator shows, which must be inside the window. */
async function expectInsideWindow(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The table fits its box: nothing is left to scroll sideways to. */
async function expectNoSidewaysScroll(table: Locator): Promise<void> {
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
}

async function expectLaptopColumns(page: Page, table: Locator): Promise<void> {
  const row = rowOf(table, seed.cannotReceive);
  await expectInsideWindow(page, row.getByTestId("transaction-row-status"));
  await expectInsideWindow(page, row.getByTestId("transaction-amount"));
  for (const header of ["Created", "Type", "Status", "Amount", "Counterparty"]) await expectInsideWindow(page, table.getByRole("columnheader", { name: header }));
  const counterparty = row.getByRole("cell").nth(4);
  await expectInsideWindow(page, counterparty);
  await expect(counterparty).toContainText("External account");
  await expect(counterparty.locator("code")).toHaveAttribute("title", /^ExternalAccount:/);
  await expect(counterparty.getByRole("button", { name: "Copy counterparty" })).toBeVisible();
  await expect(row.getByTestId("transaction-row-status")).toHaveText("FAILED");
  await expectNoSidewaysScroll(table);
}

async function expectPhoneColumns(page: Page, table: Locator): Promise<void> {
  const row = rowOf(table, seed.cannotReceive);
  await expectInsideWindow(page, row.getByRole("link", { name: "OUTGOING" }));
  await expectInsideWindow(page, row.getByTestId("transaction-row-status"));
  await expectInsideWindow(page, row.getByTestId("transaction-amount"));
  await expect(table.getByRole("columnheader", { name: "Counterparty" })).toBeHidden();
  await expectNoSidewaysScroll(table);
}

test("the list shows Status, Amount, Counterparty and Customer inside a 1280px window and Status and Amount on a 390px phone, on the Transactions page and the customer's page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await page.goto(`/transactions?customerId=${encodeURIComponent(seed.customerId)}`);
  const table = page.getByRole("table", { name: "Transactions" });
  await expectLaptopColumns(page, table);
  await expect(table.getByRole("columnheader", { name: "Reference" })).toBeHidden(); // shown from about 1,350px; the detail page has it
  // Whose payment it is, by name, linked to the customer.
  const customer = rowOf(table, seed.cannotReceive).getByRole("link", { name: seed.name });
  await expectInsideWindow(page, customer);
  await expect(customer).toHaveAttribute("href", `/customers/${encodeURIComponent(seed.customerId)}`);

  await page.setViewportSize({ width: 1440, height: 900 });
  await expectInsideWindow(page, table.getByRole("columnheader", { name: "Reference" }));
  await expectNoSidewaysScroll(table);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectPhoneColumns(page, table);

  await page.goto(`/customers/${encodeURIComponent(seed.customerId)}`);
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Transactions", level: 2, exact: true }) });
  await expectPhoneColumns(page, card.getByRole("table", { name: "Transactions" }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectLaptopColumns(page, card.getByRole("table", { name: "Transactions" }));
});

test("a failed payout names its customer and links to them, links its source account, and says why it failed and what to do, keeping the code", async ({ page }) => {
  await signIn(page);
  await page.goto(transactionPath(seed.cannotReceive));
  await expect(page.getByTestId("transaction-status")).toHaveText("FAILED");

  const explanation = page.getByTestId("failure-explanation");
  await expect(explanation).toContainText("Why this payment failed");
  await expect(explanation).toContainText("The receiving account exists but cannot accept this payment: it is dormant, frozen, or does not take this currency.");
  await expect(explanation).toContainText("What to do: Ask the recipient to check the account with their bank, or pay another account in this currency.");
  await expect(explanation).toContainText("ACCOUNT_CANNOT_RECEIVE");
  await expect(page.getByTestId("transaction-failure-reason")).toHaveText("ACCOUNT_CANNOT_RECEIVE");

  // The timestamp of each step ends before its status badge begins.
  const step = page.getByRole("list", { name: "Status timeline" }).getByTestId("timeline-step").first();
  const time = (await step.getByTestId("timeline-time").locator("time").boundingBox())!;
  const badge = (await step.getByText(/^(CREATED|PENDING|PENDING_AUTHORIZATION|PROCESSING|COMPLETED|FAILED)$/).first().boundingBox())!;
  expect(time.x + time.width).toBeLessThanOrEqual(badge.x);

  await expect(page.getByTestId("transaction-source").getByRole("link", { name: "Internal account (USD)" })).toHaveAttribute("href", `/accounts/${encodeURIComponent(seed.accountId)}`);
  await expect(page.getByTestId("transaction-destination")).toContainText("External account");
  await expect(page.getByTestId("transaction-destination").getByRole("link", { name: "Customer's external accounts" })).toHaveAttribute("href", `/accounts/external?customerId=${encodeURIComponent(seed.customerId)}`);

  const customer = page.getByTestId("transaction-customer");
  await expect(customer).toContainText(seed.platformCustomerId);
  await expect(customer).toContainText(seed.customerId);
  await customer.getByRole("link", { name: seed.name }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${encodeURIComponent(seed.customerId)}$`)); // an encoded id has no regex metacharacters
  await expect(page.getByRole("heading", { name: seed.name, level: 1 })).toBeVisible();
});

test("a payout whose refund also failed says the money is not back and to escalate with the refund reference", async ({ page }) => {
  await signIn(page);
  await page.goto(transactionPath(seed.refundFailed));
  const refund = page.getByTestId("refund-failure-explanation");
  await expect(refund).toContainText("did not go through: the money has not been returned to the source, and it will not be retried automatically.");
  await expect(refund).toContainText("What to do: Escalate to payments operations with the refund reference");
  await expect(refund).toContainText(/TX\w+-REFUND/);
  await expect(page.getByTestId("transaction-refund")).toContainText("FAILED · TRANSACTION_FAILED");
  await expect(page.getByTestId("failure-reason-explanation")).toContainText("What to do:");
});

test("the account's balance history links each change to the transaction that made it", async ({ page }) => {
  await signIn(page);
  await page.goto(`/accounts/${encodeURIComponent(seed.accountId)}`);
  const links = page.getByTestId("balance-change-transaction").filter({ hasText: seed.cannotReceive });
  await expect(links.first()).toBeVisible(); // the debit, and its refund
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`${transactionPath(seed.cannotReceive)}$`));
  await expect(page.getByTestId("transaction-failure-reason")).toHaveText("ACCOUNT_CANNOT_RECEIVE");
});

test("a From date after the To date says so instead of listing nothing, and Swap the dates lists the range", async ({ page }) => {
  await signIn(page);
  await page.goto("/transactions?from=2026-12-01&to=2026-11-01");
  const problems = page.getByTestId("filter-problems");
  await expect(problems).toContainText("From (2026-12-01) is after To (2026-11-01), so no transaction can match.");
  await expect(page.getByText("No transactions match these filters.")).toHaveCount(0);
  await expect(page.getByLabel("From (UTC)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("To (UTC)")).toHaveAttribute("aria-invalid", "true");

  await problems.getByRole("link", { name: "Swap the dates" }).click();
  await expect(page).toHaveURL(/\/transactions\?from=2026-11-01&to=2026-12-01$/);
  await expect(page.getByTestId("filter-problems")).toHaveCount(0);
  await expect(page.getByLabel("From (UTC)")).not.toHaveAttribute("aria-invalid", "true");
});

test("Type offers CARD; with a status too it says status filters payments only, rather than failing, and the fix drops the status", async ({ page }) => {
  await signIn(page);
  await page.goto("/transactions");
  await page.getByLabel("Status").selectOption("COMPLETED");
  await page.getByLabel("Type").selectOption("CARD");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]type=CARD/);
  const problems = page.getByTestId("filter-problems");
  await expect(problems).toContainText("Status filters payments only: card transactions have their own statuses.");
  await expect(page.getByText("Could not load transactions")).toHaveCount(0);
  await expect(page.getByLabel("Status")).toHaveAttribute("aria-invalid", "true");

  await problems.getByRole("link", { name: "List card transactions of any status" }).click();
  await expect(page).toHaveURL(/\/transactions\?type=CARD$/);
  await expect(page.getByTestId("filter-problems")).toHaveCount(0);
  await expect(page.getByTestId("type-filter")).toContainText("Type: CARD");
  await expect(page.getByText("Could not load transactions")).toHaveCount(0);
  // Only card rows, if any: no payment row.
  await expect(page.getByRole("table", { name: "Transactions" }).getByRole("link", { name: /^(INCOMING|OUTGOING)$/ })).toHaveCount(0);
});
