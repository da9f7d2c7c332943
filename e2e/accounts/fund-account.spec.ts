import { expect, test, type APIRequestContext } from "@playwright/test";
import { formatMoney, parseMajorUnits } from "../../components/money";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };
const USD = { code: "USD", symbol: "$", decimals: 2 };

/** A customer that accepted the end-user terms now, so it has (PENDING) accounts. */
async function createCustomer(request: APIRequestContext, fullName: string): Promise<string> {
  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  const response = await request.post(`${API}/customers`, { headers, data: { customerType: "INDIVIDUAL", fullName, currencies: ["USD"], agreementConsents: [consent] } });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

test("funding the platform's USD account with 25.00 raises the balance and lists the change", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Accounts" }).click();
  await page.getByRole("table", { name: "Internal accounts" }).first().getByRole("link", { name: /USD · Fiat/ }).click();
  await expect(page.getByRole("heading", { name: "USD account (platform)", level: 1 })).toBeVisible();
  await expect(page.getByTestId("account-status")).toContainText("ACTIVE");

  const before = parseMajorUnits((await page.getByTestId("available-balance").textContent())!.replace("$", ""), 2, { allowZero: true });
  if (!before.ok) throw new Error("unreadable balance");
  const expected = formatMoney(BigInt(before.minorUnits) + 2500n, USD);

  await page.getByLabel("Amount").fill("25.00");
  await expect(page.getByTestId("amount-preview")).toContainText("2,500 in the smallest unit");
  await page.getByRole("button", { name: "Fund" }).click();
  await expect(page.getByTestId("fund-result")).toContainText("Deposited $25.00");
  await expect(page.getByTestId("available-balance")).toHaveText(expected);
  if (before.minorUnits === "0") await expect(page.getByTestId("available-balance")).toHaveText("$25.00");

  const changes = page.getByRole("table", { name: "Balance changes" });
  // This deposit's row: $25.00 in, the new balance after it (other specs fund this account too, so another row may show the same balance).
  const deposit = changes.getByRole("row").filter({ has: page.getByTestId("balance-change-amount").filter({ hasText: /^\$25\.00$/ }) }).filter({ hasText: expected });
  await expect(deposit).toHaveCount(1);
  await expect(page.getByTestId("balance-chart")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text.split("\r\n")[0]).toBe("accountId,changeId,effectiveAt,currency,amountMinor,amount,balanceAfterMinor,balanceAfter,transactionId");
  expect(text).toContain(",USD,2500,25.00,");
});

test("funding says exactly what is wrong with an amount: 0, too many decimals, above the sandbox's 1,000,000,000.00", async ({ page }) => {
  await signIn(page);
  await page.goto("/accounts");
  await page.getByRole("table", { name: "Internal accounts" }).first().getByRole("link", { name: /USD · Fiat/ }).click();
  const amount = page.getByLabel("Amount");
  const fund = page.getByRole("button", { name: "Fund" });
  for (const [typed, message] of [
    ["0", "must be more than 0"],
    ["1.234", "can have at most 2 decimal places"],
    ["1000000000.01", "is too large: at most 1,000,000,000.00"],
  ] as const) {
    await amount.fill(typed);
    await fund.click();
    await expect(page.getByTestId("field-error-amount")).toHaveText(message);
  }
});

test("a customer's PENDING account says why it cannot be funded", async ({ page, request }) => {
  const customerId = await createCustomer(request, `Pending Payee ${Date.now()}`);
  await signIn(page);
  await page.goto(`/customers/${encodeURIComponent(customerId)}`);
  await page.getByRole("table", { name: "Internal accounts" }).getByRole("link", { name: /USD · Fiat/ }).click();

  await expect(page.getByTestId("account-status")).toContainText("PENDING");
  await expect(page.getByTestId("fund-blocked")).toContainText("This account is PENDING: it cannot be funded.");
  await expect(page.getByTestId("fund-blocked")).toContainText("once the customer's KYC/KYB is approved");
  await expect(page.getByRole("button", { name: "Fund" })).toBeDisabled();
});

test("a USD external account added for a customer is listed with its beneficiary check, and can be deleted", async ({ page, request }) => {
  const name = `Grace Hopper ${Date.now()}`;
  const customerId = await createCustomer(request, name);
  await signIn(page);
  await page.goto(`/customers/${encodeURIComponent(customerId)}`);
  await page.getByRole("link", { name: "Add external account" }).click();
  await expect(page.getByLabel("Customer ID")).toHaveValue(customerId);

  await page.getByLabel("Routing number").fill("021000021");
  await page.getByLabel("Account number").fill("1234567");
  await page.getByLabel("Account type").selectOption("SAVINGS");
  await page.getByRole("button", { name: "Add external account" }).click();
  // The API names every missing beneficiary field; each shows beside its input.
  await expect(page.getByTestId("field-error-accountInfo.beneficiary.fullName")).toBeVisible();
  await expect(page.getByTestId("field-error-accountInfo.beneficiary.address.city")).toBeVisible();

  await page.getByLabel("Beneficiary name").fill(name);
  await page.getByLabel("Address line 1").fill("1 Main St");
  await page.getByLabel("City").fill("New York");
  await page.getByLabel("Postal code").fill("10001");
  await page.getByLabel("Country (two letters)").fill("US");
  await page.getByRole("button", { name: "Add external account" }).click();

  await expect(page).toHaveURL(/\/accounts\/external\?customerId=/);
  const row = page.getByRole("table", { name: "External accounts" }).getByRole("row").filter({ hasText: "****4567" }); // masked after creation
  await expect(row).toContainText("USD · Bank account");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Name matched");
  await expect(row).toContainText(name);

  await row.getByRole("button", { name: /Delete external account/ }).click();
  await page.getByRole("dialog", { name: "Delete this external account?" }).getByRole("button", { name: "Delete account" }).click();
  await expect(page.getByRole("table", { name: "External accounts" })).toHaveCount(0);
});
