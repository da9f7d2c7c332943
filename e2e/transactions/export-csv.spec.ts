import { expect, test, type APIRequestContext, type Download, type Page } from "@playwright/test";
import { API, signIn, signInAsNewMember } from "../support";
import { cardholder } from "../cards/setup";
import { activeCustomer, deposit, headers } from "./setup";
import { parseCsv } from "../../lib/csv";

/**
 * Export CSV on the Transactions page downloads every transaction the filters match, all pages,
 * in the page's order: a finance person reconciles it against what they paid and received.
 */

/** Clicks Export CSV and reads the file the browser saved: its name and its rows by header. */
async function exportCsv(page: Page): Promise<{ filename: string; rows: Record<string, string>[] }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download: Download = await downloading;
  expect(await download.failure()).toBeNull();
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  const [header, ...records] = parseCsv(text);
  return { filename: download.suggestedFilename(), rows: records.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!]))) };
}

const listed = async (request: APIRequestContext, query: string) => (await (await request.get(`${API}/transactions?${query}`, { headers })).json()).data as { id: string }[];

test.describe("a customer's deposits, payout and card purchase", () => {
  const seed = { customerId: "", accountId: "", payoutId: "", cardTransactionId: "", depositIds: [] as string[] };
  /** Newest first, as the list shows them: the cardholder's opening 100.00, then these. */
  const DEPOSITS = [10_000, 1_234, 5, 100_000];

  test.beforeAll(async ({ request }) => {
    test.setTimeout(90_000);
    const run = Date.now().toString(36);
    Object.assign(seed, await cardholder(request, `Ex Porter ${run}`, `export-${run}`)); // deposits 100.00
    for (const amount of DEPOSITS.slice(1)) await deposit(request, seed.accountId, amount);
    seed.depositIds = (await listed(request, `customerId=${encodeURIComponent(seed.customerId)}&type=INCOMING&limit=100`)).map((t) => t.id);

    const accountInfo = {
      accountType: "USD_ACCOUNT",
      accountNumber: `${String(Date.now()).slice(-9)}000`,
      routingNumber: "021000021",
      bankAccountType: "CHECKING",
      beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Ex Porter", address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" } },
    };
    const external = await request.post(`${API}/customers/external-accounts`, { headers, data: { currency: "USD", customerId: seed.customerId, accountInfo } });
    expect(external.status(), await external.text()).toBe(201);
    const payout = await request.post(`${API}/transfer-out`, { headers, data: { source: { accountId: seed.accountId }, destination: { accountId: (await external.json()).id }, amount: 250 } });
    expect(payout.status(), await payout.text()).toBe(200);
    seed.payoutId = (await payout.json()).id;

    // A purchase at a merchant whose descriptor a spreadsheet would run as a formula.
    const card = await request.post(`${API}/cards`, { headers, data: { cardholderId: seed.customerId, form: "VIRTUAL", fundingSources: [seed.accountId], platformCardId: `ex-${run}-x` } });
    expect(card.status(), await card.text()).toBe(201);
    const cardId = (await card.json()).id as string;
    const authorized = await request.post(`${API}/sandbox/cards/${encodeURIComponent(cardId)}/simulate/authorization`, {
      headers,
      data: { amount: 1_250, currency: { code: "USD" }, merchant: { descriptor: "=HYPERLINK(\"https://evil.example\",\"Coffee\")", mcc: "5814", country: "US" } },
    });
    expect(authorized.status(), await authorized.text()).toBe(202);
    seed.cardTransactionId = (await listed(request, `type=CARD&cardId=${encodeURIComponent(cardId)}`))[0]!.id;
    const cleared = await request.post(`${API}/sandbox/cards/${encodeURIComponent(cardId)}/simulate/clearing`, { headers, data: { cardTransactionId: seed.cardTransactionId, amount: 1_500 } });
    expect(cleared.status(), await cleared.text()).toBe(202);
  });

  test("Export CSV downloads exactly the transactions the filters match, amounts in minor and major units; without the type filter the payout and card purchase come too", async ({ page }) => {
    await signIn(page);
    await page.goto(`/transactions?customerId=${encodeURIComponent(seed.customerId)}`);
    await page.getByLabel("Type").selectOption("INCOMING");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("type-filter")).toContainText("INCOMING");

    const deposits = await exportCsv(page);
    expect(deposits.filename).toMatch(/^transactions-\d{4}-\d{2}-\d{2}-incoming-filtered\.csv$/);
    expect(deposits.rows.map((r) => r.id)).toEqual(seed.depositIds);
    expect(deposits.rows.map((r) => [r.type, r.direction, r.status, r.customerId, r.receivedCurrency, r.receivedAmountMinor, r.receivedAmount])).toEqual([
      ["INCOMING", "CREDIT", "COMPLETED", seed.customerId, "USD", "100000", "1000.00"],
      ["INCOMING", "CREDIT", "COMPLETED", seed.customerId, "USD", "5", "0.05"],
      ["INCOMING", "CREDIT", "COMPLETED", seed.customerId, "USD", "1234", "12.34"],
      ["INCOMING", "CREDIT", "COMPLETED", seed.customerId, "USD", "10000", "100.00"],
    ]);
    for (const row of deposits.rows) expect(row.destination).toBe(seed.accountId);

    await page.getByTestId("type-filter").getByRole("link", { name: "clear the type filter" }).click();
    await expect(page.getByTestId("type-filter")).toHaveCount(0);
    const everything = await exportCsv(page);
    expect(everything.filename).toMatch(/^transactions-\d{4}-\d{2}-\d{2}-filtered\.csv$/);
    expect(new Set(everything.rows.map((r) => r.id))).toEqual(new Set([...seed.depositIds, seed.payoutId, seed.cardTransactionId]));
    expect(everything.rows.find((r) => r.id === seed.payoutId)).toMatchObject({ type: "OUTGOING", direction: "DEBIT", source: seed.accountId, destinationType: "ACCOUNT", sentCurrency: "USD", sentAmountMinor: "250", sentAmount: "2.50" });
    expect(everything.rows.find((r) => r.id === seed.cardTransactionId)).toMatchObject({
      type: "CARD",
      direction: "DEBIT",
      status: "SETTLED",
      source: seed.accountId,
      destinationType: "MERCHANT",
      destination: "'=HYPERLINK(\"https://evil.example\",\"Coffee\")",
      sentAmountMinor: "1500",
      sentAmount: "15.00",
      cardAuthorizedAmountMinor: "1250",
    });
  });

  test("the export is never cached, and filters that cannot match answer 400 naming the problem instead of a file", async ({ page }) => {
    await signIn(page);
    const response = await page.request.get(`/transactions/export.csv?customerId=${encodeURIComponent(seed.customerId)}&type=OUTGOING`);
    expect(response.status()).toBe(200);
    expect(response.headers()).toMatchObject({ "content-type": "text/csv; charset=utf-8", "cache-control": "no-store" });
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}-outgoing-filtered\.csv"$/);
    expect((await response.text()).split("\r\n")).toHaveLength(3); // the header, the payout, and the empty end

    const swapped = await page.request.get("/transactions/export.csv?from=2026-12-01&to=2026-11-01");
    expect(swapped.status()).toBe(400);
    expect(await swapped.text()).toContain("From (2026-12-01) is after To (2026-11-01), so no transaction can match.");
    const unknown = await page.request.get("/transactions/export.csv?status=DONE");
    expect(unknown.status()).toBe(400);
    expect(await unknown.text()).toContain('The status filter "DONE" is not one the list understands');

    // The page offers no export for filters that cannot match.
    await page.goto("/transactions?from=2026-12-01&to=2026-11-01");
    await expect(page.getByTestId("filter-problems")).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);

    const signedOut = await page.context().browser()!.newContext();
    const anonymous = await signedOut.request.get(new URL("/transactions/export.csv", page.url()).toString());
    expect(anonymous.status()).toBe(401);
    await signedOut.close();
  });
});

test("a Support member (view only) exports every page: 130 deposits are more than one API page of 100 and six pages of the list", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const COUNT = 130;
  const run = Date.now().toString(36);
  const { customerId, accountId } = await activeCustomer(request, `Many Pages ${run}`, `pages-${run}`);
  for (let i = 1; i <= COUNT; i += 1) await deposit(request, accountId, 100 + i);

  const page = await signInAsNewMember(browser, { name: "Fin Support", role: "SUPPORT" });
  await page.goto(`/transactions?customerId=${encodeURIComponent(customerId)}&sortOrder=asc`);
  await expect(page.getByText(`${COUNT} transaction(s) matching the filters, oldest first.`)).toBeVisible();
  const { rows } = await exportCsv(page);
  expect(rows.map((r) => r.receivedAmountMinor)).toEqual(Array.from({ length: COUNT }, (_, i) => String(101 + i)));
  expect(rows.at(-1)!.receivedAmount).toBe("2.30");
  expect(new Set(rows.map((r) => r.id)).size).toBe(COUNT);
  await page.context().close();
});
