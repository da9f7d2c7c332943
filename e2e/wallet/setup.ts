import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";

/** Seeding for the wallet specs, through the Service API as the platform's backend would. */
export const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

export interface WalletCustomer {
  customerId: string;
  email: string;
  walletId: string;
  externalAccountId: string;
}

/** A KYC-approved individual holding USD and USDB (so an ACTIVE embedded wallet), the wallet funded. */
export async function walletCustomer(request: APIRequestContext, options: { phoneNumber?: string } = {}): Promise<WalletCustomer> {
  const config = await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: true, webhookEndpoint: null } });
  expect(config.status(), await config.text()).toBe(200);
  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  const email = `wallet-${unique()}@example.com`;
  const data = { customerType: "INDIVIDUAL", fullName: "Ada Lovelace", email, birthDate: "1985-12-10", nationality: "US", currencies: ["USD", "USDB"], agreementConsents: [consent], ...(options.phoneNumber && { phoneNumber: options.phoneNumber }) };
  const created = await request.post(`${API}/customers`, { headers, data });
  expect(created.status(), await created.text()).toBe(201);
  // leave the platform as other specs expect it
  expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: false } })).status()).toBe(200);
  const customerId = (await created.json()).id as string;

  const accounts = await request.get(`${API}/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`, { headers });
  const wallet = ((await accounts.json()).data as { id: string; type: string; status: string }[]).find((a) => a.type === "EMBEDDED_WALLET");
  expect(wallet, "the customer has an embedded wallet").toBeTruthy();
  const funded = await request.post(`${API}/sandbox/internal-accounts/${encodeURIComponent(wallet!.id)}/fund`, { headers, data: { amount: 50_000_000 } });
  expect(funded.status(), await funded.text()).toBe(200);

  const accountInfo = {
    accountType: "USD_ACCOUNT",
    accountNumber: unique().slice(-9).padStart(9, "0") + "000",
    routingNumber: "021000021",
    bankAccountType: "CHECKING",
    beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Ada Lovelace", address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" } },
  };
  const external = await request.post(`${API}/customers/external-accounts`, { headers, data: { currency: "USD", customerId, accountInfo } });
  expect(external.status(), await external.text()).toBe(201);
  return { customerId, email, walletId: wallet!.id, externalAccountId: (await external.json()).id };
}

/** A PENDING quote from the wallet that waits for the wallet's signature. */
export async function walletQuote(request: APIRequestContext, c: WalletCustomer, amount = 10_000_000): Promise<{ id: string; payloadToSign: string }> {
  const data = { source: { sourceType: "ACCOUNT", accountId: c.walletId }, destination: { destinationType: "ACCOUNT", accountId: c.externalAccountId }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: amount };
  const created = await request.post(`${API}/quotes`, { headers, data });
  expect(created.status(), await created.text()).toBe(200);
  const quote = await created.json();
  return { id: quote.id, payloadToSign: quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign };
}

export async function quoteStatus(request: APIRequestContext, quoteId: string): Promise<string> {
  return (await (await request.get(`${API}/quotes/${encodeURIComponent(quoteId)}`, { headers })).json()).status;
}

/** Staff creates the wallet link from the customer's page (optionally for a quote); answers its URL. */
export async function walletLinkFromDashboard(page: Page, customerId: string, quoteId?: string): Promise<string> {
  await signIn(page);
  await page.goto(`/customers/${encodeURIComponent(customerId)}`);
  const card = page.locator("section", { has: page.getByRole("heading", { name: "Embedded wallet" }) });
  await expect(card.getByTestId("wallet-card-credentials")).toContainText("EMAIL_OTP");
  if (quoteId) {
    // The quote waits for the end user's signature: staff find it on the card and make its approval link.
    await expect(card.getByTestId("wallet-card-pending")).toContainText(quoteId);
    await card.getByRole("button", { name: `Create approval link for ${quoteId}` }).click();
  } else await card.getByRole("button", { name: "Create wallet link" }).click();
  // the link's expiry reads as every other time on the dashboard does: in UTC, zone named
  await expect(card.getByText(/^Hand this link to the customer \(expires [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M UTC\)/)).toBeVisible();
  const href = await card.getByTestId("wallet-link").getAttribute("href");
  expect(href).toContain("/wallet/");
  return href!;
}

/** The end user's own browser: a fresh context (no staff sign-in) that records every request body; `options` set e.g. its locale and time zone. */
export async function endUserBrowser(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; bodies: string[] }> {
  const context = await browser.newContext(options);
  const bodies: string[] = [];
  context.on("request", (request) => {
    const body = request.postData();
    if (body) bodies.push(body);
  });
  return { context, page: await context.newPage(), bodies };
}

/** Email OTP sign-in on the wallet page (sandbox code 000000). */
export async function signInWithEmailCode(page: Page, email: string): Promise<void> {
  const masked = `${email[0]}•••${email.slice(email.indexOf("@"))}`;
  await page.getByRole("button", { name: `Email a code to ${masked}` }).click();
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("wallet-balance")).toBeVisible();
}

/** The session key pair this tab keeps (sessionStorage), read for assertions only. */
export async function storedSessionKey(page: Page): Promise<{ privateKey: string; publicKey: string }> {
  return page.evaluate(() => {
    const raw = Object.keys(sessionStorage).filter((k) => k.startsWith("wallet-session:")).map((k) => sessionStorage.getItem(k)!)[0]!;
    return JSON.parse(raw).key;
  });
}
