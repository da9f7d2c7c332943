import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, addMember, signIn } from "../support";
import { fundedCustomer, installedAgent, unique } from "../agents/setup";
import { cardholder } from "../cards/setup";
import { clearWebhookEndpoint, createEurExternalAccount, executedQuote, fundedPlatformUsdAccount, headers } from "../quotes/setup";
import { endUserBrowser, signInWithEmailCode, walletCustomer, walletLinkFromDashboard } from "../wallet/setup";
import { expectNoSeriousViolations, settled } from "./axe";

// Every page, with real data in it, scanned by axe for WCAG 2.1 A/AA: serious and critical
// violations fail; minor and moderate ones are printed.

test.beforeAll(({ request }) => clearWebhookEndpoint(request));

interface Seed {
  customerId: string;
  accountId: string;
  agentId: string;
  cardId: string;
  quoteId: string;
  transactionId: string;
}

/** One of each thing the detail pages show, through the Service API as an integrator would. */
async function seed(request: APIRequestContext): Promise<Seed> {
  const owner = await fundedCustomer(request);
  const { agentId, bearer } = await installedAgent(request, owner.customerId, `A11y agent ${unique()}`);
  // A payment waiting for approval fills the agents' approvals inbox.
  const waiting = await request.post(`${API}/agents/me/transfer-out`, { headers: bearer, data: { source: { accountId: owner.accountId }, destination: { accountId: owner.externalAccountId }, amount: 1_500 } });
  expect(waiting.status(), await waiting.text()).toBe(201);

  const holder = await cardholder(request, `Grace A11y ${unique()} Holder`);
  const card = await request.post(`${API}/cards`, { headers, data: { cardholderId: holder.customerId, form: "VIRTUAL", fundingSources: [holder.accountId], platformCardId: `a11y-${unique()}-x` } });
  expect(card.status(), await card.text()).toBe(201);

  const sourceId = await fundedPlatformUsdAccount(request, 40_000);
  const pending = await request.post(`${API}/quotes`, {
    headers,
    data: { source: { sourceType: "ACCOUNT", accountId: sourceId }, destination: { destinationType: "ACCOUNT", accountId: await createEurExternalAccount(request) }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 5_000 },
  });
  expect(pending.status(), await pending.text()).toBe(200);
  const transactionId = await executedQuote(request, {
    source: { sourceType: "ACCOUNT", accountId: sourceId },
    destination: { destinationType: "ACCOUNT", accountId: await createEurExternalAccount(request) },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 2_500,
  });

  const run = unique();
  const link = await request.post(`${API}/stablecoin-provider-accounts`, {
    headers: { ...headers, "idempotency-key": `a11y-link-${run}` },
    data: { provider: "BRALE", apiClientId: "e2e-brale-client", apiClientSecret: "e2e-secret-value" },
  });
  expect(link.status(), await link.text()).toBeLessThan(300);
  const coin = await request.post(`${API}/stablecoins`, {
    headers: { ...headers, "idempotency-key": `a11y-coin-${run}` },
    data: { providerTokenIdentifier: `e2e-a11y-${run}`, networkTokenIdentifier: `btkn1a11y${run}`, network: "SPARK", stablecoinProviderAccountId: (await link.json()).id },
  });
  expect(coin.status(), await coin.text()).toBe(201);

  return { customerId: owner.customerId, accountId: owner.accountId, agentId, cardId: (await card.json()).id, quoteId: (await pending.json()).id, transactionId };
}

test("every dashboard page, with data in it, has no serious or critical WCAG 2.1 A/AA violation", async ({ page, request }) => {
  test.setTimeout(240_000);
  const s = await seed(request);
  const id = encodeURIComponent;
  await signIn(page);
  const pages = [
    "/",
    "/customers",
    "/customers/new",
    "/customers/import",
    `/customers/${id(s.customerId)}`,
    `/customers/${id(s.customerId)}/edit`,
    "/invitations",
    "/accounts",
    `/accounts/${id(s.accountId)}`,
    "/accounts/external",
    "/accounts/external/new",
    "/quotes",
    `/quotes/${id(s.quoteId)}`,
    "/transactions",
    "/transactions/new",
    `/transactions/${id(s.transactionId)}`,
    "/cards",
    "/cards/new",
    `/cards/${id(s.cardId)}`,
    "/stablecoins",
    "/agents",
    "/agents/new",
    `/agents/${id(s.agentId)}`,
    "/webhooks",
    "/api-tokens",
    "/api-reference",
    "/api-reference/api-tokens",
    "/api-reference/schemas/IndividualCustomer",
    "/sandbox",
    "/team",
    "/settings",
    "/no-such-page",
    `/customers/${id("Customer:00000000-0000-7000-8000-000000000000")}`,
  ];
  for (const path of pages) {
    await page.goto(path);
    await settled(page);
    await expectNoSeriousViolations(page, path);
  }
  // A webhook event's own page (the list has one for the payments above).
  await page.goto("/webhooks");
  const event = page.locator('a[href^="/webhooks/events/"]').first();
  await expect(event).toBeAttached();
  await page.goto((await event.getAttribute("href"))!);
  await settled(page);
  await expectNoSeriousViolations(page, "/webhooks/events/[eventId]");

  // At phone width the sidebar becomes the header's Menu panel.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/customers");
  await settled(page);
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.locator("#mobile-nav")).toBeVisible();
  await expectNoSeriousViolations(page, "/customers (phone width, menu open)");
});

test("the sign-in page and the choose-a-new-password page have no serious or critical violation", async ({ browser, page }) => {
  await page.goto("/login");
  await settled(page);
  await expectNoSeriousViolations(page, "/login");
  // A wrong password shows an error in the form.
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoSeriousViolations(page, "/login (wrong password)");

  await signIn(page);
  const email = `a11y-${unique()}@example.com`;
  const temporary = await addMember(page, { name: "Ally Access", email, role: "SUPPORT" });
  const member = await (await browser.newContext()).newPage();
  await member.goto("/login");
  await member.getByLabel("Email").fill(email);
  await member.getByLabel("Password").fill(temporary);
  await member.getByRole("button", { name: "Sign in" }).click();
  await expect(member.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await settled(member);
  await expectNoSeriousViolations(member, "/change-password");
  await member.context().close();
});

test("the end user's wallet page, before and after signing in, has no serious or critical violation", async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await settled(user.page);
  await expectNoSeriousViolations(user.page, "/wallet/[token] (signed out)");
  await signInWithEmailCode(user.page, customer.email);
  await user.page.waitForLoadState("networkidle");
  await expectNoSeriousViolations(user.page, "/wallet/[token] (signed in)");
  // Its tables name their columns to a screen reader (before, rows of bare cells).
  await expect(user.page.getByRole("table", { name: "Activity" }).getByRole("columnheader")).toHaveText(["When", "Amount"]);
  await expect(user.page.getByRole("table", { name: "Sessions" }).getByRole("columnheader")).toHaveText(["Session", "Expires", "Actions"]);
  await user.page.goto("/wallet/not-a-valid-link");
  await settled(user.page);
  await expectNoSeriousViolations(user.page, "/wallet/[token] (invalid link)");
  await user.context.close();
});
