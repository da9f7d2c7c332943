import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };
const BENEFICIARY = { beneficiaryType: "INDIVIDUAL", fullName: "Jane Doe", address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" } };

// A payout writes webhook events. With an endpoint left by an earlier spec they would retry later, into
// whatever endpoint is set then (the webhooks spec's receiver counts what it gets): send them nowhere.
test.beforeAll(async ({ request }) => {
  const response = await request.patch(`${API}/config`, { headers, data: { webhookEndpoint: null } });
  expect(response.status()).toBe(200);
});

interface PlatformAccount {
  id: string;
  balance: { amount: number };
}

async function platformUsdAccount(request: APIRequestContext): Promise<PlatformAccount> {
  const response = await request.get(`${API}/platform/internal-accounts?currency=USD`, { headers });
  expect(response.status()).toBe(200);
  const account = (await response.json()).data[0] as PlatformAccount | undefined;
  if (!account) throw new Error("no platform USD account");
  return account;
}

async function fund(request: APIRequestContext, accountId: string, amount: number): Promise<void> {
  const response = await request.post(`${API}/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`, { headers, data: { amount } });
  expect(response.status()).toBe(200);
}

/** A USD bank account of the platform; the number ends in 1234, so sandbox payouts to it complete at once. */
async function createUsdExternalAccount(request: APIRequestContext): Promise<string> {
  const accountNumber = `${String(Date.now()).slice(-8)}1234`;
  const accountInfo = { accountType: "USD_ACCOUNT", accountNumber, routingNumber: "021000021", bankAccountType: "CHECKING", beneficiary: BENEFICIARY };
  const response = await request.post(`${API}/platform/external-accounts`, { headers, data: { currency: "USD", accountInfo } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** Signs in and opens the send-transfer form with `source` and a new USD bank account of the platform chosen. */
async function openSendTransferForm(page: Page, request: APIRequestContext, source: PlatformAccount): Promise<void> {
  const destinationId = await createUsdExternalAccount(request);
  await signIn(page);
  await page.goto("/transactions/new");
  await page.getByLabel("From (platform internal account)").selectOption(source.id);
  await page.getByLabel("To (platform external account)").selectOption(destinationId);
}

test("sending 25.00 from the funded platform USD account completes, shows its timeline, is listed, and debits the balance", async ({ page, request }) => {
  const source = await platformUsdAccount(request);
  await fund(request, source.id, 10_000);
  const before = (await platformUsdAccount(request)).balance.amount;

  await openSendTransferForm(page, request, source);
  await page.getByLabel("Amount").fill("25.00");
  await expect(page.getByTestId("amount-preview")).toContainText("2,500 in the smallest unit");
  await page.getByRole("button", { name: "Send transfer" }).click();

  await expect(page).toHaveURL(/\/transactions\/Transaction/);
  // Sandbox payouts to an account ending in 1234 complete within the POST itself.
  await expect(page.getByTestId("transaction-status")).toHaveText("COMPLETED");
  await expect(page.getByTestId("sent-amount")).toHaveText("$25.00");
  const timeline = page.getByRole("list", { name: "Status timeline" });
  await expect(timeline.getByTestId("timeline-step").filter({ hasText: "COMPLETED" })).toHaveCount(1);
  await expect(timeline.getByRole("link", { name: /OUTGOING_PAYMENT\.COMPLETED/ })).toHaveAttribute("href", /\/webhooks\/events\/Webhook/);
  const transactionId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);

  await page.goto("/transactions");
  const row = page.getByRole("table", { name: "Transactions" }).getByRole("row").filter({ hasText: transactionId });
  await expect(row).toContainText("OUTGOING");
  await expect(row).toContainText("COMPLETED");
  await expect(row.getByTestId("transaction-amount")).toHaveText("$25.00");

  await page.getByLabel("Transaction id or reference").fill(transactionId);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${encodeURIComponent(transactionId)}$`));

  const after = (await platformUsdAccount(request)).balance.amount;
  expect(after).toBe(before - 2_500);
  if (before === 10_000) expect(after).toBe(7_500); // a fresh platform: 100.00 funded, 25.00 sent → 75.00
});

test("one empty submit names the missing destination and amount beside each, puts the cursor in the first, and sends nothing", async ({ page, request }) => {
  const source = await platformUsdAccount(request);
  await createUsdExternalAccount(request);
  await signIn(page);
  await page.goto("/transactions/new");
  const destination = page.getByLabel("To (platform external account)");
  await expect(destination).toHaveValue("");
  await page.getByRole("button", { name: "Send transfer" }).click();

  await expect(page.getByTestId("send-transfer-error")).toContainText("Some fields need attention");
  await expect(page.getByTestId("field-error-destination.accountId")).toHaveText("Choose a destination account");
  await expect(page.getByTestId("field-error-amount")).toHaveText("must be an amount like 12.34");
  await expect(destination).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await expect(destination).toBeFocused();

  // Fixing only the amount leaves only the destination's error.
  await page.getByLabel("Amount").fill("1.00");
  await page.getByRole("button", { name: "Send transfer" }).click();
  await expect(page.getByTestId("field-error-destination.accountId")).toHaveText("Choose a destination account");
  await expect(page.getByTestId("field-error-amount")).toHaveCount(0);
  await expect(page).toHaveURL(/\/transactions\/new$/);
  expect((await platformUsdAccount(request)).balance.amount).toBe(source.balance.amount);
});

test("an amount of 0 or above the API's 10^15 says exactly what is wrong beside the field, and sends nothing", async ({ page, request }) => {
  const source = await platformUsdAccount(request);
  await openSendTransferForm(page, request, source);
  const amount = page.getByLabel("Amount");
  const send = page.getByRole("button", { name: "Send transfer" });
  for (const [typed, message] of [
    ["0", "must be more than 0"],
    ["0.00", "must be more than 0"],
    ["12.345", "can have at most 2 decimal places"],
    ["99999999999999999", "is too large: at most 10,000,000,000,000.00"],
    ["10000000000000.01", "is too large: at most 10,000,000,000,000.00"],
  ] as const) {
    await amount.fill(typed);
    await send.click();
    await expect(page.getByTestId("field-error-amount")).toHaveText(message);
  }
  await expect(page).toHaveURL(/\/transactions\/new$/);
  expect((await platformUsdAccount(request)).balance.amount).toBe(source.balance.amount);
});

test("a transfer larger than the balance says the balance is insufficient and sends nothing", async ({ page, request }) => {
  const source = await platformUsdAccount(request);
  await openSendTransferForm(page, request, source);
  // One cent more than the balance, within the USD 10,000,000 a single payment may move.
  const tooMuch = source.balance.amount + 1;
  expect(tooMuch).toBeLessThanOrEqual(1_000_000_000);
  await page.getByLabel("Amount").fill((tooMuch / 100).toFixed(2));
  await page.getByRole("button", { name: "Send transfer" }).click();

  await expect(page.getByTestId("send-transfer-error")).toContainText("Insufficient balance");
  await expect(page).toHaveURL(/\/transactions\/new$/);
  expect((await platformUsdAccount(request)).balance.amount).toBe(source.balance.amount);
});

test.describe("in a German browser (de-DE, Europe/Berlin)", () => {
  test.use({ locale: "de-DE", timezoneId: "Europe/Berlin" });

  test("a decimal comma is refused with what to type instead, never read as thousands; 1.50 sends 1.50", async ({ page, request }) => {
    const source = await platformUsdAccount(request);
    await fund(request, source.id, 1_000);
    const before = (await platformUsdAccount(request)).balance.amount;
    await openSendTransferForm(page, request, source);
    const amount = page.getByLabel("Amount");
    const send = page.getByRole("button", { name: "Send transfer" });
    const message = "must use a point for decimals, e.g. 1.50; a comma only groups thousands (1,234.50)";

    for (const typed of ["1.234,56", "0,99", "1,50"]) {
      await amount.fill(typed);
      // Said while typing, with no preview of a wrong amount ("1,50" was previewed and sent as 150.00).
      await expect(page.getByTestId("amount-separator-problem")).toHaveText(message);
      await expect(page.getByTestId("amount-preview")).toHaveCount(0);
    }
    await send.click();
    await expect(page.getByTestId("field-error-amount")).toHaveText(message);
    await expect(page.getByTestId("amount-separator-problem")).toHaveCount(0); // said once, beside the field
    await expect(page).toHaveURL(/\/transactions\/new$/);
    expect((await platformUsdAccount(request)).balance.amount).toBe(before);

    await amount.fill("1.50");
    await expect(page.getByTestId("amount-separator-problem")).toHaveCount(0);
    await expect(page.getByTestId("amount-preview")).toContainText("150 in the smallest unit");
    await send.click();
    await expect(page).toHaveURL(/\/transactions\/Transaction/);
    await expect(page.getByTestId("sent-amount")).toHaveText("$1.50");
    expect((await platformUsdAccount(request)).balance.amount).toBe(before - 150);
  });
});
