import { expect, test } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, pickCustomer, signIn } from "../support";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

// A payout writes webhook events; with an endpoint left by an earlier spec they would retry into it.
test.beforeAll(async ({ request }) => {
  const response = await request.patch(`${API}/config`, { headers, data: { webhookEndpoint: null } });
  expect(response.status()).toBe(200);
});

test("a customer created, verified and funded in the dashboard pays 40.00 to its own bank account, and the transaction page shows it COMPLETED", async ({ page, request }) => {
  test.setTimeout(90_000); // many steps, each a server round trip
  const stamp = Date.now();
  const name = `Grace Hopper ${stamp} Payout`; // sandbox KYC: a name not ending in 001/002/003 is approved
  await signIn(page);

  // 1. Create the customer with everything KYC needs.
  await page.goto("/customers/new");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Date of birth").fill("1990-01-31");
  await page.getByLabel("Nationality").fill("US");
  await page.getByLabel("ID type").selectOption("SSN");
  await page.getByLabel("ID number").fill("123-45-6789");
  await page.getByLabel("Address line 1").fill("1 Main St");
  await page.getByLabel("City").fill("Springfield");
  await page.getByLabel("Postal code").fill("62701");
  await page.getByLabel("Country", { exact: true }).fill("US");
  await page.getByLabel("USD", { exact: true }).check();
  await page.getByRole("checkbox", { name: /The customer accepted the/ }).check();
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId("customer-verification")).toHaveText("KYC Unverified");
  const customerPage = page.url();

  // 2. Verify: upload a passport, submit, and the USD account becomes ACTIVE.
  const uploadForm = page.getByRole("form", { name: "Upload document" });
  await uploadForm.getByLabel("Whose document").selectOption({ label: `${name} (the customer)` });
  await uploadForm.getByLabel("Document type").selectOption({ label: "Passport" });
  await uploadForm.getByLabel("Side").selectOption({ label: "Single-sided" });
  await uploadForm.getByLabel("Document number").fill("X1234567");
  await uploadForm.getByLabel("Issuing authority").fill("US State Dept");
  await uploadForm.getByLabel("File").setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: PNG });
  await uploadForm.getByRole("button", { name: "Upload" }).click();
  await expect(uploadForm.getByTestId("upload-document-done")).toContainText("(passport.png) uploaded.");
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(page.getByTestId("latest-verification-status")).toHaveText("APPROVED");
  await expect(page.getByTestId("customer-verification")).toHaveText("KYC Approved");
  const usdRow = page.getByRole("table", { name: "Internal accounts" }).getByRole("row").filter({ hasText: "USD · Fiat" });
  await expect(usdRow).toContainText("ACTIVE");

  // 3. Fund the account with 100.00 from its page.
  await usdRow.getByRole("link", { name: /USD · Fiat/ }).click();
  await expect(page.getByTestId("account-status")).toContainText("ACTIVE");
  const internalAccountId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  await page.getByLabel("Amount").fill("100.00");
  await page.getByRole("button", { name: "Fund" }).click();
  await expect(page.getByTestId("fund-result")).toContainText("Deposited $100.00");
  await expect(page.getByTestId("available-balance")).toHaveText("$100.00");

  // 4. Add the customer's own US bank account.
  await page.goto(customerPage);
  await page.getByRole("link", { name: "Add external account" }).click();
  await expect(page.getByLabel("Customer ID")).not.toHaveValue("");
  await page.getByLabel("Account", { exact: true }).selectOption("USD_ACCOUNT");
  await page.getByLabel("Routing number").fill("021000021");
  await page.getByLabel("Account number").fill(`${String(stamp).slice(-9)}000`); // sandbox: a suffix without a special outcome completes
  await page.getByLabel("Beneficiary name").fill(name);
  await page.getByLabel("Address line 1").fill("1 Main St");
  await page.getByLabel("City").fill("Springfield");
  await page.getByLabel("Postal code").fill("62701");
  await page.getByLabel("Country (two letters)").fill("US");
  await page.getByRole("button", { name: "Add external account" }).click();
  await expect(page).toHaveURL(/\/accounts\/external\?customerId=/);
  const customerId = decodeURIComponent(new URL(page.url()).searchParams.get("customerId")!);
  const external = await (await request.get(`${API}/customers/external-accounts?customerId=${encodeURIComponent(customerId)}`, { headers })).json();
  expect(external.data).toHaveLength(1);
  const externalAccountId = external.data[0].id as string;

  // 5. Send 40.00 to it: a same-currency quote, executed.
  await page.goto("/quotes");
  await page.getByRole("radiogroup", { name: "Paid by" }).getByRole("radio", { name: "A customer" }).click();
  await pickCustomer(page, "Paying customer", name, customerId);
  await page.getByLabel("From account").selectOption(internalAccountId);
  await page.getByLabel("To external account").selectOption(externalAccountId);
  await page.getByRole("radio", { name: "Sending amount" }).click();
  await page.getByLabel("Amount (USD)").fill("40.00");
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("quote-sending-total")).toHaveText("$40.00");
  const quoteId = (await page.getByTestId("quote-id").textContent())!;
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page.getByTestId("quote-ran")).toContainText("Quote executed");
  await page.getByRole("link", { name: "Open transaction" }).click();

  // 6. The transaction page shows the payout complete; the customer's balance lost exactly what the quote debited.
  await expect(page).toHaveURL(/\/transactions\/Transaction/);
  await expect(page.getByTestId("transaction-status")).toHaveText("COMPLETED");
  await expect(page.getByTestId("sent-amount")).toHaveText("$40.00");
  const timeline = page.getByRole("list", { name: "Status timeline" });
  await expect(timeline.getByTestId("timeline-step").filter({ hasText: "COMPLETED" })).toHaveCount(1);
  const account = await (await request.get(`${API}/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=USD`, { headers })).json();
  const quote = await (await request.get(`${API}/quotes/${encodeURIComponent(quoteId)}`, { headers })).json();
  expect(quote.status).toBe("COMPLETED");
  expect(quote.totalSendingAmount).toBe(4_000); // "Sending amount" locks what leaves the account, fees included
  expect(account.data[0].balance.amount).toBe(10_000 - 4_000);
});
