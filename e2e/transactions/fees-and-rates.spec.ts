import { expect, test, type Download, type Page } from "@playwright/test";
import { API, signIn } from "../support";
import { parseCsv } from "../../lib/csv";
import { headers } from "./setup";

/**
 * Support reads what a payment cost and at what rate: an incoming payment's fees are in the
 * currency received (BEHAVIORS.md §3.6), and a rate as small as BTC per RWF is written out in
 * full, on the quote's page, the transaction's page and in the CSV export.
 */

type CurrencyConfig = { currencyCode: string };
const ADDED = ["BTC", "RWF"];
const seed = { original: [] as CurrencyConfig[], customerId: "", btcAccount: "", rwfAccount: "" };

test.beforeAll(async ({ request }) => {
  // The platform enables USD, USDC and USDB by default: add BTC and RWF for this file, and put the list back after.
  seed.original = (await (await request.get(`${API}/config`, { headers })).json()).supportedCurrencies as CurrencyConfig[];
  const added = ADDED.filter((code) => !seed.original.some((c) => c.currencyCode === code)).map((currencyCode) => ({
    currencyCode,
    minAmount: 1,
    maxAmount: 1_000_000_000,
    requiredCounterpartyFields: [],
    enabledTransactionTypes: ["INCOMING", "OUTGOING"],
  }));
  const patched = await request.patch(`${API}/config`, { headers, data: { supportedCurrencies: [...seed.original, ...added], skipVerificationPaperwork: true } });
  expect(patched.status(), await patched.text()).toBe(200);

  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  const run = Date.now().toString(36);
  const created = await request.post(`${API}/customers`, {
    headers,
    data: { customerType: "INDIVIDUAL", fullName: "Rita Rates", platformCustomerId: `rates-${run}`, birthDate: "1980-12-09", nationality: "US", currencies: ["USD", ...ADDED], agreementConsents: [consent] },
  });
  expect(created.status(), await created.text()).toBe(201);
  seed.customerId = (await created.json()).id;
  const accounts = (await (await request.get(`${API}/customers/internal-accounts?customerId=${encodeURIComponent(seed.customerId)}&limit=100`, { headers })).json()).data as {
    id: string;
    balance: { currency: { code: string } };
  }[];
  seed.btcAccount = accounts.find((a) => a.balance.currency.code === "BTC")!.id;
  seed.rwfAccount = accounts.find((a) => a.balance.currency.code === "RWF")!.id;
});

test.afterAll(async ({ request }) => {
  await request.patch(`${API}/config`, { headers, data: { supportedCurrencies: seed.original, skipVerificationPaperwork: false } });
});

/** "₿0.00000062" for 62 satoshis. */
const btc = (sats: number) => `₿${Math.floor(sats / 1e8)}.${String(sats % 1e8).padStart(8, "0")}`;

/** The number a shown rate writes out: plain digits (commas in the whole part), never an exponent. */
function shownRate(text: string, receiving: string, sending: string): number {
  const match = new RegExp(`^1 ${receiving} = ([\\d,]+(?:\\.\\d+)?) ${sending}$`).exec(text.trim());
  expect(match, `"${text}" writes the rate as a plain decimal`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ""));
}

test("an incoming USD→BTC payment's fees show in BTC, the currency received, on its page", async ({ page, request }) => {
  // The sandbox sender that stays PENDING (compliance review) without asking the platform.
  const received = await request.post(`${API}/sandbox/uma/receive`, {
    headers,
    data: { senderUmaAddress: "$pending.long.usd@sandbox.uma.money", customerId: seed.customerId, receivingCurrencyCode: "BTC", receivingCurrencyAmount: 12_345 },
  });
  expect(received.status(), await received.text()).toBe(200);
  const payment = await received.json();
  expect(payment.receivedAmount.currency.code).toBe("BTC");
  expect(payment.sentAmount.currency.code).toBe("USD");
  expect(payment.fees).toBeGreaterThan(0);
  const fees = btc(payment.fees);

  await signIn(page);
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await expect(page.getByTestId("received-amount")).toHaveText(btc(12_345));
  await expect(page.getByTestId("fees")).toHaveText(fees);
  await expect(page.getByTestId("transaction-fees")).toHaveText(fees);
  const rateDetails = page.getByTestId("rate-details");
  const row = (label: string) => rateDetails.locator("div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd");
  await expect(row("Service variable fee")).toHaveText(btc(payment.rateDetails.serviceApiVariableFeeAmount));
  await expect(row("Service fixed fee")).toHaveText(btc(payment.rateDetails.serviceApiFixedFee));
  await expect(page.getByTestId("transaction-exchange-rate")).not.toContainText("e");
  expect(shownRate((await page.getByTestId("transaction-exchange-rate").textContent())!, "BTC", "USD")).toBe(payment.exchangeRate);
});

test("a BTC→RWF rate is written out in full on the quote, its transaction and the CSV export; the payout's fees stay in BTC", async ({ page, request }) => {
  const funded = await request.post(`${API}/sandbox/internal-accounts/${encodeURIComponent(seed.btcAccount)}/fund`, { headers, data: { amount: 100_000_000 } });
  expect(funded.status(), await funded.text()).toBe(200);
  const created = await request.post(`${API}/quotes`, {
    headers,
    data: { source: { sourceType: "ACCOUNT", accountId: seed.btcAccount }, destination: { destinationType: "ACCOUNT", accountId: seed.rwfAccount }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100_000_000 },
  });
  expect(created.status(), await created.text()).toBe(200);
  const quote = await created.json();
  expect(quote.exchangeRate).toBeLessThan(1e-6); // JavaScript writes it with an exponent

  await signIn(page);
  await page.goto(`/quotes/${encodeURIComponent(quote.id)}`);
  const quoteRate = (await page.getByTestId("exchange-rate").textContent())!;
  expect(quoteRate).toMatch(/^1 RWF = 0\.0000000\d+ BTC$/);
  expect(shownRate(quoteRate, "RWF", "BTC")).toBe(quote.exchangeRate);
  await expect(page.getByTestId("quote-fees")).toHaveText(btc(quote.feesIncluded));

  const executed = await request.post(`${API}/quotes/${encodeURIComponent(quote.id)}/execute`, { headers });
  expect(executed.status(), await executed.text()).toBe(200);
  await page.goto(`/transactions/${encodeURIComponent(quote.transactionId)}`);
  const transactionRate = page.getByTestId("transaction-exchange-rate");
  await expect(transactionRate).toHaveText(quoteRate);
  await expect(page.getByTestId("transaction-fees")).toHaveText(btc(quote.feesIncluded));

  await page.goto(`/transactions?customerId=${encodeURIComponent(seed.customerId)}`);
  const rows = await exportCsv(page);
  const row = rows.find((r) => r.id === quote.transactionId)!;
  expect(row.exchangeRate).toMatch(/^0\.0000000\d+$/);
  expect(Number(row.exchangeRate)).toBe(quote.exchangeRate);
  expect(row).toMatchObject({ feesCurrency: "BTC", receivedCurrency: "RWF" });
});

/** Clicks Export CSV and reads the downloaded file's rows by header. */
async function exportCsv(page: Page): Promise<Record<string, string>[]> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download: Download = await downloading;
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  const [header, ...records] = parseCsv(text);
  return records.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!])));
}
