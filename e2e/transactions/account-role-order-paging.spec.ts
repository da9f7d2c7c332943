import { expect, test, type Page } from "@playwright/test";
import { API, signIn } from "../support";
import { activeCustomer, deposit, headers } from "./setup";

/**
 * The Transactions page shows 20 a page (PAGE_SIZE in app/(dashboard)/transactions/page.tsx): 42
 * deposits fill two pages and spill onto a third, so Previous has a page 2 to come back to.
 */
const PAGE_SIZE = 20;
const RECEIVED = 2 * PAGE_SIZE + 2;
const SENT = 3;
const cents = (n: number) => `$${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;

const seed = { accountId: "", platformCustomerId: "", received: [] as string[], sent: [] as string[] };

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  seed.platformCustomerId = `txr-${run}`;
  const { customerId, accountId } = await activeCustomer(request, `Cy Roles ${run} Sender`, seed.platformCustomerId);
  seed.accountId = accountId;
  // Received: $1.01…$1.42, oldest first; each row is told apart by its amount, as a person reads the list.
  for (let i = 1; i <= RECEIVED; i += 1) {
    await deposit(request, accountId, 100 + i);
    seed.received.push(cents(100 + i));
  }
  // Sent: $0.51…$0.53 to the customer's own bank account (not ending in 002–008: completes at once).
  const accountInfo = {
    accountType: "USD_ACCOUNT",
    accountNumber: `${String(Date.now()).slice(-9)}000`,
    routingNumber: "021000021",
    bankAccountType: "CHECKING",
    beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Cy Roles", address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" } },
  };
  const external = await request.post(`${API}/customers/external-accounts`, { headers, data: { currency: "USD", customerId, accountInfo } });
  expect(external.status(), await external.text()).toBe(201);
  const externalAccountId = (await external.json()).id as string;
  for (let i = 1; i <= SENT; i += 1) {
    const sent = await request.post(`${API}/transfer-out`, { headers, data: { source: { accountId }, destination: { accountId: externalAccountId }, amount: 50 + i } });
    expect(sent.status(), await sent.text()).toBe(200);
    seed.sent.push(cents(50 + i));
  }
});

function amountsShown(page: Page): Promise<string[]> {
  return page.getByRole("table", { name: "Transactions" }).getByTestId("transaction-amount").allTextContents();
}

async function search(page: Page, fields: { account?: string; role?: "" | "sender" | "receiver"; order?: "" | "asc"; platformCustomerId?: string }): Promise<void> {
  if (fields.account !== undefined) await page.getByLabel("Account", { exact: true }).fill(fields.account);
  if (fields.role !== undefined) await page.getByLabel("Account role").selectOption(fields.role);
  if (fields.order !== undefined) await page.getByLabel("Order").selectOption(fields.order);
  if (fields.platformCustomerId !== undefined) await page.getByLabel("Your customer ID").fill(fields.platformCustomerId);
  await page.getByRole("button", { name: "Search" }).click();
}

test("the account as sender lists only what it sent, as receiver only what it received, and Oldest first reverses the order", async ({ page }) => {
  await signIn(page);
  await page.goto("/transactions");

  await search(page, { account: seed.accountId, role: "sender" });
  await expect(page.getByTestId("account-filter")).toContainText(`Sent from: ${seed.accountId}`);
  await expect(page.getByText(`${SENT} transaction(s) matching the filters, newest first.`)).toBeVisible();
  await expect.poll(() => amountsShown(page)).toEqual([...seed.sent].reverse());
  const sentRows = page.getByRole("table", { name: "Transactions" }).getByRole("row").filter({ has: page.getByTestId("transaction-amount") });
  for (const row of await sentRows.all()) await expect(row).toContainText("OUTGOING");

  await search(page, { order: "asc" });
  await expect(page).toHaveURL(/[?&]sortOrder=asc(&|$)/);
  await expect(page.getByText(`${SENT} transaction(s) matching the filters, oldest first.`)).toBeVisible();
  await expect.poll(() => amountsShown(page)).toEqual(seed.sent);

  await search(page, { role: "receiver", order: "" });
  await expect(page.getByTestId("account-filter")).toContainText(`Received by: ${seed.accountId}`);
  await expect(page.getByText(`${RECEIVED} transaction(s) matching the filters, newest first.`)).toBeVisible();
  const newestFirst = [...seed.received].reverse();
  await expect.poll(() => amountsShown(page)).toEqual(newestFirst.slice(0, PAGE_SIZE));

  await search(page, { order: "asc" });
  await expect(page.getByText(`${RECEIVED} transaction(s) matching the filters, oldest first.`)).toBeVisible();
  await expect.poll(() => amountsShown(page)).toEqual(seed.received.slice(0, PAGE_SIZE));
  await expect(page.getByLabel("Order")).toHaveValue("asc"); // the form shows the URL's order

  // Either side: everything the account sent and received; clearing the account keeps the order.
  await search(page, { role: "" });
  await expect(page.getByTestId("account-filter")).toContainText(`Account: ${seed.accountId}`);
  await expect(page.getByText(`${RECEIVED + SENT} transaction(s) matching the filters, oldest first.`)).toBeVisible();
  await page.getByTestId("account-filter").getByRole("link", { name: "clear the account filter" }).click();
  await expect(page.getByTestId("account-filter")).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get("account")).toBeNull();
  expect(new URL(page.url()).searchParams.get("sortOrder")).toBe("asc");

  // The platform's own customer id finds the same payments.
  await search(page, { platformCustomerId: seed.platformCustomerId });
  await expect(page.getByTestId("customer-id-filter")).toContainText(`Your customer ID: ${seed.platformCustomerId}`);
  await expect(page.getByText(`${RECEIVED + SENT} transaction(s) matching the filters, oldest first.`)).toBeVisible();
  await expect.poll(() => amountsShown(page)).toEqual(seed.received.slice(0, PAGE_SIZE));
});

test("Previous goes back one page at a time with the same rows, after a reload too, and is absent on the first page", async ({ page }) => {
  await signIn(page);
  const first = `/transactions?account=${encodeURIComponent(seed.accountId)}&accountRole=receiver&sortOrder=asc`;
  await page.goto(first);
  const pager = page.getByRole("navigation", { name: "Transaction pages" });
  await expect(pager).toContainText("Page 1");
  await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  const page1 = await amountsShown(page);
  expect(page1).toEqual(seed.received.slice(0, PAGE_SIZE));

  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(pager).toContainText("Page 2");
  await expect.poll(() => amountsShown(page)).toEqual(seed.received.slice(PAGE_SIZE, 2 * PAGE_SIZE));
  const page2 = await amountsShown(page);
  const page2Url = page.url();

  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(pager).toContainText("Page 3");
  await expect.poll(() => amountsShown(page)).toEqual(seed.received.slice(2 * PAGE_SIZE));
  await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await page.reload(); // the way back lives in the URL

  await pager.getByRole("link", { name: "Previous page" }).click();
  await expect(pager).toContainText("Page 2");
  await expect.poll(() => amountsShown(page)).toEqual(page2);
  expect(page.url()).toBe(page2Url);
  await expect(page.getByTestId("account-filter")).toContainText(`Received by: ${seed.accountId}`);

  await pager.getByRole("link", { name: "Previous page" }).click();
  await expect(pager).toContainText("Page 1");
  await expect.poll(() => amountsShown(page)).toEqual(page1);
  expect(new URL(page.url()).searchParams.has("cursor")).toBe(false);
  await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await expect(page.getByText(`${RECEIVED} transaction(s) matching the filters, oldest first.`)).toBeVisible();
});
