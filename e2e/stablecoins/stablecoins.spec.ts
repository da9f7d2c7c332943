import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, signIn } from "../support";
import { clearWebhookEndpoint, createUsdExternalAccount, ensurePlatformSparkWallet, headers } from "../quotes/setup";

test.beforeAll(async ({ request }) => {
  await clearWebhookEndpoint(request);
  await ensurePlatformSparkWallet(request); // "Mint to" offers Spark wallets, and internal accounts of the coin's currency only
});

/** Unique per run: the e2e database persists between runs and a token registers once. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test("link a provider account, register a stablecoin, mint and burn with live status and funding instructions", async ({ page, request }) => {
  test.setTimeout(90_000); // waits out the sandbox payout (~10 s) after many steps; timed out at 30 s under load
  const bankId = await createUsdExternalAccount(request, "555");

  await signIn(page);
  await page.goto("/stablecoins");
  await expect(page.getByRole("heading", { name: "Stablecoins", level: 1 })).toBeVisible();

  // Link (re-linking the same credentials refreshes the one link, so reruns stay at one ACTIVE link for this client id).
  await page.getByLabel("API client id").fill("e2e-brale-client");
  await page.getByLabel("API client secret").fill("e2e-secret-value");
  await page.getByRole("button", { name: "Link BRALE account" }).click();
  const links = page.getByRole("table", { name: "Provider links" });
  await expect(links.getByText("ACTIVE").first()).toBeVisible();
  const link = (await (await request.get(`${API}/stablecoin-provider-accounts?status=ACTIVE`, { headers })).json()).data[0];

  // Register
  const token = `e2e-${run}-d6`;
  await page.getByLabel("Provider token id").fill(token);
  await page.getByLabel("Spark token id").fill(`btkn1${run}`);
  await page.getByLabel("Provider link", { exact: true }).selectOption(link.id);
  await page.getByRole("button", { name: "Register stablecoin" }).click();
  await expect(page.getByRole("table", { name: "Registered stablecoins" }).getByText(token)).toBeVisible();
  const coins = (await (await request.get(`${API}/stablecoins?limit=100`, { headers })).json()).data as { id: string; providerTokenIdentifier: string }[];
  const coin = coins.find((c) => c.providerTokenIdentifier === token)!;

  // Mint: the cent preview refuses a fraction of a cent, then shows the conversion.
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
  await page.getByLabel("Amount (smallest unit)").fill("1234567");
  await expect(page.getByTestId("cent-preview")).toContainText("multiple of 10000");
  await expect(page.getByRole("button", { name: "Mint" })).toBeDisabled();
  await page.getByLabel("Amount (smallest unit)").fill("1230000");
  await expect(page.getByTestId("cent-preview")).toHaveText("= $1.23 (123 cents)");
  // Tokens land on Spark or in an internal account of the coin's currency: the USD account is not offered.
  await expect(page.getByLabel("Mint to").locator("option", { hasText: "Platform USD internal account" })).toHaveCount(0);
  await page.getByLabel("Mint to").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Mint" }).click();
  const mintRow = page.getByTestId("stablecoin-operation").filter({ hasText: "Mint" }).filter({ hasText: "1230000" }).first();
  await expect(mintRow).toContainText("PENDING_FUNDING");
  await expect(mintRow).toContainText("Wire the funds");
  await expect(mintRow.getByRole("timer")).toHaveText(/^6d 23h left$/);

  // Burn from any wallet: deposit address with a copy button, then the sandbox reports the tokens.
  await page.getByLabel("Operation", { exact: true }).selectOption("BURN");
  await page.getByLabel("Amount (smallest unit)").fill("2500000");
  await expect(page.getByTestId("cent-preview")).toHaveText("= $2.50 (250 cents)");
  await page.getByLabel("Pay out to").selectOption(bankId);
  await page.getByRole("button", { name: "Burn" }).click();
  const burnRow = page.getByTestId("stablecoin-operation").filter({ hasText: "Burn" }).filter({ hasText: "2500000" }).first();
  await expect(burnRow).toContainText("PENDING_FUNDING");
  await expect(burnRow).toContainText("Send the tokens to this deposit address");
  await expect(burnRow.getByRole("button", { name: "Copy address" })).toBeVisible();
  await expect(burnRow).toContainText("sprt1sandbox");
  await burnRow.getByRole("button", { name: "Simulate funds received" }).click();
  await expect(burnRow).toContainText(/PROCESSING|COMPLETED/);
  // The list refreshes itself while operations move: the payout completes about 10 s later.
  await expect(burnRow).toContainText("COMPLETED", { timeout: 30_000 });

  const operationId = await burnRow.getAttribute("data-operation-id");
  const op = await (await request.get(`${API}/stablecoin-operations/${encodeURIComponent(operationId!)}`, { headers })).json();
  expect(op).toMatchObject({ status: "COMPLETED", operationType: "BURN", estimatedDelivery: { amount: "250", currency: "USD" } });
});

/** A provider link of its own (so making it INVALID touches no other test) and a stablecoin on it, through the API. */
async function linkedStablecoin(request: APIRequestContext, name: string) {
  const apiClientId = `e2e-${name}-${run}`;
  const linked = await request.post(`${API}/stablecoin-provider-accounts`, { headers: { ...headers, "idempotency-key": randomUUID() }, data: { provider: "BRALE", apiClientId, apiClientSecret: "e2e-secret-value" } });
  expect(linked.status(), await linked.text()).toBe(201);
  const link = await linked.json();
  const data = { providerTokenIdentifier: `e2e-${name}-${run}`, networkTokenIdentifier: `btkn1${name}${run}`, network: "SPARK", stablecoinProviderAccountId: link.id };
  const registered = await request.post(`${API}/stablecoins`, { headers: { ...headers, "idempotency-key": randomUUID() }, data });
  expect(registered.status(), await registered.text()).toBe(201);
  return { apiClientId, link: link as { id: string }, coin: (await registered.json()) as { id: string; decimals: number } };
}

test("a mint worth more than the service can record is refused beside the amount, not with an unexpected error", async ({ page, request }) => {
  const { coin } = await linkedStablecoin(request, "huge");
  await signIn(page);
  await page.goto(`/stablecoins?coin=${encodeURIComponent(coin.id)}`);
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
  const tooMuch = `1${"0".repeat(70)}`; // whole cents, far beyond 2^63 of them
  await page.getByLabel("Amount (smallest unit)").fill(tooMuch);
  await page.getByLabel("Mint to").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Mint" }).click();

  await expect(page.getByTestId("field-error-amount")).toContainText("is too large: at most");
  await expect(page.getByTestId("operation-error")).not.toContainText("unexpected");
  await expect(page.getByLabel("Amount (smallest unit)")).toHaveValue(tooMuch);
  const operations = await (await request.get(`${API}/stablecoins/${encodeURIComponent(coin.id)}/operations`, { headers })).json();
  expect(operations.data).toEqual([]);
});

test("a mint refused because the provider link failed verification goes through once the link is fixed, from the same form", async ({ page, request }) => {
  const { apiClientId, link, coin } = await linkedStablecoin(request, "relink");
  await signIn(page);
  await page.goto(`/stablecoins?coin=${encodeURIComponent(coin.id)}`);
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
  await page.getByLabel("Amount (smallest unit)").fill("4560000");
  await page.getByLabel("Mint to").selectOption({ index: 1 });

  const invalid = await request.post(`${API}/sandbox/stablecoin-provider-accounts/${encodeURIComponent(link.id)}`, { headers, data: { status: "INVALID" } });
  expect(invalid.status()).toBe(200);
  await page.getByRole("button", { name: "Mint" }).click();
  await expect(page.getByTestId("operation-error")).toContainText("failed verification");

  // Re-linking with current credentials makes the link ACTIVE again; the form keeps what was typed.
  await page.getByLabel("API client id").fill(apiClientId);
  await page.getByLabel("API client secret").fill("e2e-secret-value");
  await page.getByRole("button", { name: "Link BRALE account" }).click();
  await expect(page.getByLabel("API client id")).toHaveValue("");
  await expect(page.getByLabel("Amount (smallest unit)")).toHaveValue("4560000");
  await page.getByRole("button", { name: "Mint" }).click();

  await expect(page.getByTestId("stablecoin-operation").filter({ hasText: "4560000" })).toContainText("PENDING_FUNDING");
  await expect(page.getByTestId("operation-error")).toHaveCount(0);
});
