import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, signIn } from "../support";
import { clearWebhookEndpoint, createApprovedCustomer, createBankAccount, createUsdExternalAccount, ensurePlatformSparkWallet, headers } from "../quotes/setup";

test.beforeAll(async ({ request }) => {
  await clearWebhookEndpoint(request);
  await ensurePlatformSparkWallet(request); // "Mint to" offers Spark wallets, and internal accounts of the coin's currency only
});

/** Unique per run: the e2e database persists between runs and a token registers once. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

// First in the file: it leaves no provider link ACTIVE until it re-links the one the next test uses.
test("registering a token waits for an active provider link, and the page says where to link one", async ({ page, request }) => {
  const active = (await (await request.get(`${API}/stablecoin-provider-accounts?status=ACTIVE&limit=100`, { headers })).json()).data as { id: string }[];
  for (const link of active) {
    const invalid = await request.post(`${API}/sandbox/stablecoin-provider-accounts/${encodeURIComponent(link.id)}`, { headers, data: { status: "INVALID" } });
    expect(invalid.status()).toBe(200);
  }

  await signIn(page);
  await page.goto("/stablecoins");
  const needsLink = page.getByTestId("register-needs-link");
  await expect(needsLink).toContainText(/Link your provider account first|No provider link is active/);
  await expect(needsLink).not.toContainText("POST");
  await expect(page.getByRole("button", { name: "Register stablecoin" })).toBeDisabled();
  await expect(page.getByLabel("Provider token id")).toBeDisabled();

  // The explanation leads to the link form; linking there enables registering.
  await needsLink.getByRole("link").click();
  await expect(page).toHaveURL(/#link-provider$/);
  const linkForm = page.getByRole("form", { name: "Link a provider account" });
  await expect(linkForm).toBeInViewport();
  await linkForm.getByLabel("API client id").fill("e2e-brale-client");
  await linkForm.getByLabel("API client secret").fill("e2e-secret-value");
  await linkForm.getByRole("button", { name: "Link BRALE account" }).click();
  await expect(page.getByTestId("register-needs-link")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Register stablecoin" })).toBeEnabled();
});

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
  const coins = (await (await request.get(`${API}/stablecoins?limit=100`, { headers })).json()).data as { id: string; providerTokenIdentifier: string; symbol: string }[];
  const coin = coins.find((c) => c.providerTokenIdentifier === token)!;

  // Mint: the amount is typed in tokens, as every money field; a fraction of a cent is refused beside it.
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
  await page.getByLabel("Amount", { exact: true }).fill("1.234567");
  await expect(page.getByTestId("field-error-amount")).toHaveText("must be whole cents: at most 2 decimal places");
  await expect(page.getByRole("button", { name: "Mint" })).toBeDisabled();
  await page.getByLabel("Amount", { exact: true }).fill("1.23");
  await expect(page.getByTestId("amount-preview")).toHaveText(`= 1.230000 ${coin.symbol} (1,230,000 in the smallest unit)`);
  await expect(page.getByTestId("cent-preview")).toHaveText("Worth $1.23");
  // Tokens land on Spark or in an internal account of the coin's currency: the USD account is not offered.
  await expect(page.getByLabel("Mint to").locator("option", { hasText: "USD · Internal account" })).toHaveCount(0);
  await page.getByLabel("Mint to").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Mint" }).click();
  const mintRow = page.getByTestId("stablecoin-operation").filter({ hasText: "Mint" }).filter({ hasText: `1.230000 ${coin.symbol}` }).first();
  await expect(mintRow.getByTestId("operation-amount")).toHaveText(`1.230000 ${coin.symbol}`);
  await expect(mintRow).toContainText("($1.23)");
  await expect(mintRow).toContainText("PENDING_FUNDING");
  await expect(mintRow).toContainText("Wire the funds");
  await expect(mintRow.getByRole("timer")).toHaveText(/^6d 23h left$/);

  // Burn from any wallet: deposit address with a copy button, then the sandbox reports the tokens.
  await page.getByLabel("Operation", { exact: true }).selectOption("BURN");
  await page.getByLabel("Amount", { exact: true }).fill("2.50");
  await expect(page.getByTestId("cent-preview")).toHaveText("Worth $2.50");
  await page.getByLabel("Pay out to").selectOption(bankId);
  await page.getByRole("button", { name: "Burn" }).click();
  const burnRow = page.getByTestId("stablecoin-operation").filter({ hasText: "Burn" }).filter({ hasText: `2.500000 ${coin.symbol}` }).first();
  await expect(burnRow.getByTestId("operation-amount")).toHaveText(`2.500000 ${coin.symbol}`);
  await expect(burnRow).toContainText("($2.50)");
  await expect(burnRow).toContainText("PENDING_FUNDING");
  await expect(burnRow).toContainText("Send the tokens to this deposit address");
  await expect(burnRow.getByRole("button", { name: "Copy address" })).toBeVisible();
  await expect(burnRow).toContainText("sparkrt1");
  await burnRow.getByRole("button", { name: "Simulate funds received" }).click();
  await expect(burnRow).toContainText(/PROCESSING|COMPLETED/);
  // The list refreshes itself while operations move: the payout completes about 10 s later.
  await expect(burnRow).toContainText("COMPLETED", { timeout: 30_000 });

  const operationId = await burnRow.getAttribute("data-operation-id");
  const op = await (await request.get(`${API}/stablecoin-operations/${encodeURIComponent(operationId!)}`, { headers })).json();
  expect(op).toMatchObject({ status: "COMPLETED", operationType: "BURN", amount: "2500000", estimatedDelivery: { amount: "250", currency: "USD" } });
});

/** A provider link of its own (so making it INVALID touches no other test) and a stablecoin on it, through the API. */
async function linkedStablecoin(request: APIRequestContext, name: string, decimals?: number) {
  const apiClientId = `e2e-${name}-${run}`;
  const linked = await request.post(`${API}/stablecoin-provider-accounts`, { headers: { ...headers, "idempotency-key": randomUUID() }, data: { provider: "BRALE", apiClientId, apiClientSecret: "e2e-secret-value" } });
  expect(linked.status(), await linked.text()).toBe(201);
  const link = await linked.json();
  // The sandbox reads a token's decimals from a "-d<N>" ending (6 without one).
  const data = { providerTokenIdentifier: `e2e-${name}-${run}${decimals === undefined ? "" : `-d${decimals}`}`, networkTokenIdentifier: `btkn1${name}${run}`, network: "SPARK", stablecoinProviderAccountId: link.id };
  const registered = await request.post(`${API}/stablecoins`, { headers: { ...headers, "idempotency-key": randomUUID() }, data });
  expect(registered.status(), await registered.text()).toBe(201);
  return { apiClientId, link: link as { id: string }, coin: (await registered.json()) as { id: string; decimals: number; symbol: string } };
}

test("a mint worth more than the service can record is refused beside the amount, in tokens, before anything is sent", async ({ page, request }) => {
  const { coin } = await linkedStablecoin(request, "huge");
  await signIn(page);
  await page.goto(`/stablecoins?coin=${encodeURIComponent(coin.id)}`);
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
  const tooMuch = `1${"0".repeat(64)}`; // whole tokens, far beyond 2^63 cents of them
  await page.getByLabel("Amount", { exact: true }).fill(tooMuch);
  await page.getByLabel("Mint to").selectOption({ index: 1 });

  await expect(page.getByTestId("field-error-amount")).toHaveText("is too large: at most 92,233,720,368,547,758.070000");
  await expect(page.getByRole("button", { name: "Mint" })).toBeDisabled();
  await expect(page.getByTestId("operation-error")).toHaveCount(0);
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue(tooMuch);
  const operations = await (await request.get(`${API}/stablecoins/${encodeURIComponent(coin.id)}/operations`, { headers })).json();
  expect(operations.data).toEqual([]);
});

test("an 18-decimal token's amount is previewed exactly in the smallest unit, well past 2^53 of them", async ({ page, request }) => {
  const { coin } = await linkedStablecoin(request, "wide", 18);
  expect(coin.decimals).toBe(18);
  await signIn(page);
  await page.goto(`/stablecoins?coin=${encodeURIComponent(coin.id)}`);
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
  await page.getByLabel("Amount", { exact: true }).fill("2500.25");
  await expect(page.getByTestId("amount-preview")).toHaveText(`= 2,500.250000000000000000 ${coin.symbol} (2,500,250,000,000,000,000,000 in the smallest unit)`);
  await expect(page.getByTestId("cent-preview")).toHaveText("Worth $2,500.25");
  await expect(page.getByTestId("field-error-amount")).toHaveCount(0);
});

test("the amount's hint follows the token's decimals: whole tokens at 0, whole cents at 3", async ({ page, request }) => {
  const { coin: whole } = await linkedStablecoin(request, "nodec", 0);
  const { coin: milli } = await linkedStablecoin(request, "milli", 3);
  await signIn(page);
  await page.goto(`/stablecoins?coin=${encodeURIComponent(whole.id)}`);
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(whole.id);
  await expect(page.locator("#amount-hint")).toHaveText(`In ${whole.symbol}, whole tokens (25): the token has no decimals.`);
  await page.getByLabel("Amount", { exact: true }).fill("25");
  await expect(page.getByTestId("cent-preview")).toHaveText("Worth $25.00");

  await page.getByLabel("Amount", { exact: true }).fill("");
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(milli.id);
  await expect(page.locator("#amount-hint")).toHaveText(`In ${milli.symbol}, to the cent (2.50): whole cents only, though the token has 3 decimals.`);
});

test("a mint refused because the provider link failed verification goes through once the link is fixed, from the same form", async ({ page, request }) => {
  const { apiClientId, link, coin } = await linkedStablecoin(request, "relink");
  await signIn(page);
  await page.goto(`/stablecoins?coin=${encodeURIComponent(coin.id)}`);
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
  await page.getByLabel("Amount", { exact: true }).fill("4.56");
  await page.getByLabel("Mint to").selectOption({ index: 1 });

  const invalid = await request.post(`${API}/sandbox/stablecoin-provider-accounts/${encodeURIComponent(link.id)}`, { headers, data: { status: "INVALID" } });
  expect(invalid.status()).toBe(200);
  await page.getByRole("button", { name: "Mint" }).click();
  await expect(page.getByTestId("operation-error")).toHaveText("The provider link failed verification. Re-link it with current credentials under Provider links above, then try again.");

  // Re-linking with current credentials makes the link ACTIVE again; the form keeps what was typed.
  await page.getByLabel("API client id").fill(apiClientId);
  await page.getByLabel("API client secret").fill("e2e-secret-value");
  await page.getByRole("button", { name: "Link BRALE account" }).click();
  await expect(page.getByLabel("API client id")).toHaveValue("");
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("4.56");
  await page.getByRole("button", { name: "Mint" }).click();

  await expect(page.getByTestId("stablecoin-operation").filter({ hasText: `4.560000 ${coin.symbol}` })).toContainText("PENDING_FUNDING");
  await expect(page.getByTestId("operation-error")).toHaveCount(0);
});

test("the burn's bank accounts are named by currency, masked number and owner, so the platform's and a customer's differ", async ({ page, request }) => {
  const { coin } = await linkedStablecoin(request, "labels");
  const customerName = `Erin Owner ${run}`;
  const customerId = await createApprovedCustomer(request, customerName);
  const platformEur = await createBankAccount(request, "EUR", "000");
  const customerEur = await createBankAccount(request, "EUR", "000", customerId);
  const ibanOf = async (path: string) => (await (await request.get(`${API}${path}`, { headers })).json()).accountInfo.iban as string;
  const platformIban = await ibanOf(`/platform/external-accounts/${encodeURIComponent(platformEur)}`);
  const customerIban = await ibanOf(`/customers/external-accounts/${encodeURIComponent(customerEur)}`);
  expect(platformIban).toMatch(/^\*\*\*\*\d{4}$/);

  await signIn(page);
  await page.goto(`/stablecoins?coin=${encodeURIComponent(coin.id)}`);
  await page.getByLabel("Operation", { exact: true }).selectOption("BURN");
  const payOutTo = page.getByLabel("Pay out to");
  await expect(payOutTo.locator(`option[value="${platformEur}"]`)).toHaveText(`EUR · Bank account ${platformIban} · Platform`);
  await expect(payOutTo.locator(`option[value="${customerEur}"]`)).toHaveText(`EUR · Bank account ${customerIban} · ${customerName}`);
  await expect(payOutTo.locator("option", { hasText: /ACCOUNT/ })).toHaveCount(0);
});

test("with nothing to mint to, the form says what to add and where; once added, a mint typed in tokens is sent in the smallest unit", async ({ page, request }) => {
  const { coin } = await linkedStablecoin(request, "nowallet");
  const platformAccounts = (await (await request.get(`${API}/platform/external-accounts?limit=100`, { headers })).json()).data as { id: string; accountInfo: { accountType: string } }[];
  try {
    for (const wallet of platformAccounts.filter((a) => a.accountInfo.accountType === "SPARK_WALLET"))
      expect((await request.delete(`${API}/platform/external-accounts/${encodeURIComponent(wallet.id)}`, { headers })).status()).toBeLessThan(300);

    await signIn(page);
    await page.goto(`/stablecoins?coin=${encodeURIComponent(coin.id)}`);
    await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
    const hint = page.getByTestId("no-mint-destination");
    await expect(hint).toContainText(`Minted ${coin.symbol} tokens go to an ACTIVE Spark wallet, or to a platform internal account in ${coin.symbol}.`);
    await expect(hint).toContainText("Add the platform's Spark wallet as an external account (type SPARK_WALLET");
    await expect(page.getByLabel("Mint to").locator("option")).toHaveText(["No wallet to mint to yet"]);
    // The link leads to the operation that adds it, with its Try it panel.
    await hint.getByRole("link", { name: "Add the platform's own external account" }).click();
    await expect(page).toHaveURL(/\/api-reference\/external-accounts#op-createPlatformExternalAccount$/);
    await expect(page.locator("#op-createPlatformExternalAccount")).toBeVisible();

    // A FIRST_PARTY wallet waits for ownership proof: the form says why it is not offered and what to do.
    const firstParty = await request.post(`${API}/platform/external-accounts`, {
      headers,
      data: { currency: "BTC", accountInfo: { accountType: "SPARK_WALLET", address: "sparkrt1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu" }, ownershipType: "FIRST_PARTY" },
    });
    expect(firstParty.status(), await firstParty.text()).toBe(201);
    expect((await firstParty.json()).status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    await page.goto(`/stablecoins?coin=${encodeURIComponent(coin.id)}`);
    await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
    const awaits = page.getByTestId("mint-wallet-awaits-ownership");
    await expect(awaits).toContainText("A Spark wallet waits for ownership proof");
    await expect(awaits).toContainText("BTC · Spark wallet sparkrt1pgssyu…6dj6mrhu · Platform was added as FIRST_PARTY");
    await expect(awaits).toContainText("PENDING_OWNERSHIP_VERIFICATION until a signature from the wallet proves it.");
    await expect(page.getByTestId("no-mint-destination")).toHaveCount(0);
    await expect(page.getByLabel("Mint to").locator("option")).toHaveText(["No wallet to mint to yet"]);
    await awaits.getByRole("link", { name: "Start an ownership verification challenge" }).click();
    await expect(page).toHaveURL(/\/api-reference\/external-accounts#op-createPlatformExternalAccountOwnershipChallenge$/);
    await expect(page.locator("#op-createPlatformExternalAccountOwnershipChallenge")).toBeVisible();
  } finally {
    // The FIRST_PARTY wallet holds the address the THIRD_PARTY one below needs.
    const accounts = (await (await request.get(`${API}/platform/external-accounts?limit=100`, { headers })).json()).data as { id: string; status: string; accountInfo: { accountType: string } }[];
    for (const wallet of accounts.filter((a) => a.accountInfo.accountType === "SPARK_WALLET" && a.status !== "ACTIVE"))
      await request.delete(`${API}/platform/external-accounts/${encodeURIComponent(wallet.id)}`, { headers });
    await ensurePlatformSparkWallet(request); // as the other tests need it
  }

  await page.goto(`/stablecoins?coin=${encodeURIComponent(coin.id)}`);
  await page.getByLabel("Stablecoin", { exact: true }).selectOption(coin.id);
  await expect(page.getByTestId("no-mint-destination")).toHaveCount(0);
  const wallet = page.getByLabel("Mint to").locator("option", { hasText: "BTC · Spark wallet sparkrt1pgssyu…6dj6mrhu · Platform" });
  await page.getByLabel("Mint to").selectOption((await wallet.getAttribute("value"))!);
  await page.getByLabel("Amount", { exact: true }).fill("7.5");
  await page.getByRole("button", { name: "Mint" }).click();
  const row = page.getByTestId("stablecoin-operation").first();
  await expect(row.getByTestId("operation-amount")).toHaveText(`7.500000 ${coin.symbol}`);
  await expect(row).toContainText("($7.50)");
  const operations = (await (await request.get(`${API}/stablecoins/${encodeURIComponent(coin.id)}/operations`, { headers })).json()).data as { amount: string; operationType: string }[];
  expect(operations).toMatchObject([{ operationType: "MINT", amount: "7500000" }]);
});
