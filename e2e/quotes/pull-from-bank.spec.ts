import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, pickCustomer, signIn } from "../support";
import { clearWebhookEndpoint, createApprovedCustomer, createBankAccount, headers } from "./setup";

test.beforeAll(({ request }) => clearWebhookEndpoint(request));

const euros = (minor: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(minor / 100);

async function platformUsdBalance(request: APIRequestContext): Promise<{ id: string; amount: number }> {
  const account = (await (await request.get(`${API}/platform/internal-accounts?currency=USD`, { headers })).json()).data[0];
  return { id: account.id, amount: account.balance.amount };
}

test("a customer's USD bank account is pulled from into their EUR bank account: quoted, executed, and the transaction completes with the quoted amounts", async ({ page, request }) => {
  const customerId = await createApprovedCustomer(request, `Ada Pull ${Date.now()}`);
  const bankId = await createBankAccount(request, "USD", "000", customerId);
  const eurId = await createBankAccount(request, "EUR", "000", customerId);

  await signIn(page);
  await page.goto("/quotes");
  await page.getByRole("radiogroup", { name: "Paid by" }).getByRole("radio", { name: "A customer" }).click();
  await pickCustomer(page, "Paying customer", customerId, customerId);
  await page.getByRole("radio", { name: "Pull from bank account" }).click();

  const from = page.getByLabel("From bank account");
  await expect(from.locator(`option[value="${bankId}"]`)).toHaveCount(1);
  await from.selectOption(bankId);
  await expect(from).toHaveAccessibleDescription(/pulled from this bank account when the quote is executed; no balance is needed/);
  // The bank account pulled from is not offered as its own payee.
  const to = page.getByLabel("To external account");
  await expect(to.locator(`option[value="${bankId}"]`)).toHaveCount(0);
  await to.selectOption(eurId);
  await page.getByRole("radio", { name: "Sending amount" }).click();
  await page.getByLabel("Amount (USD)").fill("100.00");
  await page.getByLabel("Statement descriptor").fill("PAYROLL");
  await page.getByLabel("Remittance information").fill("Invoice 7");
  await page.getByRole("button", { name: "Get quote" }).click();

  const quoteId = (await page.getByTestId("quote-id").textContent())!.trim();
  await expect(page.getByTestId("quote-pull-hint")).toContainText("no balance is needed");
  await expect(page.getByTestId("quote-sending-total")).toHaveText("$100.00");
  const quote = await (await request.get(`${API}/quotes/${encodeURIComponent(quoteId)}`, { headers })).json();
  expect(quote).toMatchObject({ status: "PENDING", source: { sourceType: "ACCOUNT", accountId: bankId, customerId }, statementDescriptor: "PAYROLL", totalSendingAmount: 10_000, remittanceInformation: "Invoice 7" });
  expect(quote.feesIncluded).toBeGreaterThan(0);
  await expect(page.getByTestId("quote-receiving-total")).toHaveText(euros(quote.totalReceivingAmount));

  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page.getByTestId("quote-ran")).toContainText("Quote executed");
  await page.getByRole("link", { name: "Open transaction" }).click();

  await expect(page).toHaveURL(new RegExp(`/transactions/${encodeURIComponent(quote.transactionId)}$`));
  await expect(page.getByTestId("transaction-status")).toHaveText("COMPLETED");
  await expect(page.getByTestId("sent-amount")).toHaveText("$100.00");
  await expect(page.getByTestId("received-amount")).toHaveText(euros(quote.totalReceivingAmount));
  await expect(page.getByTestId("transaction-fees")).toHaveText(`$${(quote.feesIncluded / 100).toFixed(2)}`);
  await expect(page.getByTestId("transaction-source")).toContainText("Bank account (pulled from)");
  await expect(page.getByTestId("transaction-source")).toContainText(bankId);
  await expect(page.getByTestId("rail-details").first()).toContainText("PAYROLL");

  await page.goto(`/quotes/${encodeURIComponent(quoteId)}`);
  await expect(page.getByTestId("quote-status")).toHaveText("COMPLETED");
  await expect(page.getByTestId("quote-source")).toContainText("Bank account (pulled from)");
  await expect(page.getByTestId("quote-source")).toContainText(bankId);
  await expect(page.getByTestId("quote-destination")).toContainText(eurId);
});

test("a pull from a bank account ending in 002 fails at once: executed immediately, the builder and the transaction show FAILED with the reason, and nothing moves", async ({ page, request }) => {
  const customerId = await createApprovedCustomer(request, `Ada Fail ${Date.now()}`);
  const bankId = await createBankAccount(request, "USD", "002", customerId);
  const before = await platformUsdBalance(request);

  await signIn(page);
  await page.goto("/quotes");
  await page.getByRole("radiogroup", { name: "Paid by" }).getByRole("radio", { name: "A customer" }).click();
  await pickCustomer(page, "Paying customer", customerId, customerId);
  await page.getByRole("radio", { name: "Pull from bank account" }).click();
  await page.getByLabel("From bank account").selectOption(bankId);
  await page.getByRole("radiogroup", { name: "Destination type" }).getByRole("radio", { name: "Internal account" }).click();
  await page.getByLabel("To internal account").selectOption(before.id);
  await page.getByLabel("Amount (USD)").fill("25.00");
  await page.getByRole("checkbox", { name: /Execute immediately/ }).check();
  await page.getByRole("button", { name: "Get quote and execute" }).click();

  await expect(page.getByTestId("quote-ran")).toContainText("The pull from the bank account failed");
  await expect(page.getByTestId("quote-ran")).toContainText("FAILED");
  const quoteId = (await page.getByTestId("quote-id").textContent())!.trim();
  const quote = await (await request.get(`${API}/quotes/${encodeURIComponent(quoteId)}`, { headers })).json();
  expect(quote.status).toBe("FAILED");
  const transaction = await (await request.get(`${API}/transactions/${encodeURIComponent(quote.transactionId)}`, { headers })).json();
  expect(transaction.failureReason).toBe("QUOTE_EXECUTION_FAILED");

  await page.getByRole("link", { name: "Open transaction" }).click();
  await expect(page.getByTestId("transaction-status")).toHaveText("FAILED");
  await expect(page.getByTestId("transaction-failure-reason")).toContainText("QUOTE_EXECUTION_FAILED");
  await expect(page.getByTestId("transaction-source")).toContainText("Bank account (pulled from)");
  await expect(page.getByRole("list", { name: "Status timeline" }).getByTestId("timeline-step").filter({ hasText: "FAILED" })).toHaveCount(1);
  expect((await platformUsdBalance(request)).amount).toBe(before.amount);
});

test("a customer with only a wallet is offered no bank account to pull from, and the builder says why", async ({ page, request }) => {
  const customerId = await createApprovedCustomer(request, `Ada Wallet ${Date.now()}`);
  const address = `0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join("")}`;
  const wallet = await request.post(`${API}/customers/external-accounts`, {
    headers,
    data: { currency: "USDC", customerId, accountInfo: { accountType: "BASE_WALLET", address, vaspName: "Example Exchange" }, ownershipType: "THIRD_PARTY" },
  });
  expect(wallet.status(), await wallet.text()).toBe(201);

  await signIn(page);
  await page.goto("/quotes");
  await page.getByRole("radiogroup", { name: "Paid by" }).getByRole("radio", { name: "A customer" }).click();
  await pickCustomer(page, "Paying customer", customerId, customerId);
  await page.getByRole("radio", { name: "Pull from bank account" }).click();
  const from = page.getByLabel("From bank account");
  await expect(from).toHaveAccessibleDescription(/has only wallets; money is pulled only from bank accounts\.$/);
  await expect(from.locator("option")).toHaveCount(1); // only "Choose a bank account"
});
