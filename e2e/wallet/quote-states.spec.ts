import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { API } from "../support";
import { endUserBrowser, headers, quoteStatus, signInWithEmailCode, walletCustomer, walletLinkFromDashboard, walletQuote } from "./setup";

const APP_NAME = "Acme Wallet";

async function nameTheApp(request: APIRequestContext) {
  const res = await request.patch(`${API}/config`, { headers, data: { embeddedWalletConfig: { appName: APP_NAME } } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A wallet customer's payment request (a quote from their wallet) and the link the platform sends them. */
async function paymentRequest(page: Page, request: APIRequestContext) {
  const customer = await walletCustomer(request);
  const quote = await walletQuote(request, customer);
  const link = await walletLinkFromDashboard(page, customer.customerId, quote.id);
  return { customer, quote, link };
}

/** The end user in a browser of their own, signed in at `link` with an email code. */
async function signedInEndUser(browser: Browser, link: string, email: string) {
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await signInWithEmailCode(user.page, email);
  return user;
}

async function advanceClock(request: APIRequestContext, seconds: number) {
  const res = await request.post(`${API}/sandbox/clock/advance`, { headers, data: { seconds } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The request can no longer be approved from this page: no "waits" card, no approve button. */
async function expectNothingToApprove(page: Page) {
  await expect(page.getByRole("heading", { name: "A payment waits for your approval" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Review and approve" })).toHaveCount(0);
}

test("an approved payment request is not offered for approval again; approving it from a stale page says so in plain words", async ({ page, browser, request }) => {
  await nameTheApp(request);
  const { customer, quote, link } = await paymentRequest(page, request);

  // The end user opened the request in one browser and left it at the review step.
  const stale = await signedInEndUser(browser, link, customer.email);
  await expect.soft(stale.page.getByTestId("quote-expires")).toContainText(/^Approve by \d{1,2}:\d{2}.*(UTC|GMT)/);
  await stale.page.getByRole("button", { name: "Review and approve" }).click();

  // …and approves it in another (a new code may be asked for after 30 s).
  await advanceClock(request, 31);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await expect.soft(user.page.getByTestId("wallet-app-name")).toHaveText(APP_NAME); // whose wallet app this is
  await signInWithEmailCode(user.page, customer.email);
  await user.page.getByRole("button", { name: "Review and approve" }).click();
  await user.page.getByRole("button", { name: "Approve and sign" }).click();
  await expect(user.page.getByTestId("wallet-done")).toContainText("Payment approved. Status:");
  await expectNothingToApprove(user.page);
  await expect.poll(() => quoteStatus(request, quote.id)).toBe("COMPLETED");

  // After a reload the page says what became of it.
  await user.page.reload();
  await expect(user.page.getByTestId("wallet-balance")).toHaveText("40.000000 USDB");
  await expect(user.page.getByRole("heading", { name: "Payment already approved" })).toBeVisible();
  await expect(user.page.getByTestId("quote-state")).toHaveText("This payment was already approved. Status: completed, the money was sent.");
  await expectNothingToApprove(user.page);

  // The stale page signs: refused in the end user's words, not the API's; nothing moves twice.
  await stale.page.getByRole("button", { name: "Approve and sign" }).click();
  const error = stale.page.getByTestId("wallet-error");
  await expect(error).toHaveText("This payment was already approved. Status: completed, the money was sent.");
  await expect(error).not.toContainText("Quote:");
  await expect(stale.page.getByTestId("quote-state")).toContainText("already approved");
  await expectNothingToApprove(stale.page);
  await expect(stale.page.getByTestId("wallet-balance")).toHaveText("40.000000 USDB");
  await stale.context.close();
  await user.context.close();
});

test("an expired payment request says to ask the platform for a new one, never to create a quote", async ({ page, browser, request }) => {
  await nameTheApp(request);
  const { customer, quote, link } = await paymentRequest(page, request);
  const user = await signedInEndUser(browser, link, customer.email);
  await user.page.getByRole("button", { name: "Review and approve" }).click();
  await expect.soft(user.page.getByTestId("quote-expires")).toBeVisible(); // the expiry is on the review too

  // The request expires (5 minutes) while the review is open.
  await advanceClock(request, 6 * 60);
  expect(await quoteStatus(request, quote.id)).toBe("EXPIRED");
  await user.page.getByRole("button", { name: "Approve and sign" }).click();
  const expired = `This payment request expired, so nothing was sent. Ask ${APP_NAME} to send a new one.`;
  await expect(user.page.getByTestId("wallet-error")).toHaveText(expired);
  await expect(user.page.getByTestId("quote-state")).toHaveText(expired);
  await expectNothingToApprove(user.page);

  await user.page.reload();
  await expect(user.page.getByRole("heading", { name: "Payment request expired" })).toBeVisible();
  await expect(user.page.getByTestId("quote-state")).toHaveText(expired);
  await expect(user.page.getByTestId("quote-card")).not.toContainText("create a new quote");
  await expectNothingToApprove(user.page);
  await expect(user.page.getByTestId("wallet-balance")).toHaveText("50.000000 USDB");
  await user.context.close();
});

test("approving without a connection says so in the end user's words and keeps the review open; signing again pays once", async ({ page, browser, request }) => {
  const { customer, quote, link } = await paymentRequest(page, request);
  const user = await signedInEndUser(browser, link, customer.email);
  await user.page.getByRole("button", { name: "Review and approve" }).click();

  await user.context.setOffline(true);
  await user.page.getByRole("button", { name: "Approve and sign" }).click();
  await expect(user.page.getByTestId("wallet-error")).toHaveText("No connection. Check your network and try again.");
  await expect(user.page.getByTestId("payload-to-sign")).toBeVisible();
  expect(await quoteStatus(request, quote.id)).toBe("PENDING");

  await user.context.setOffline(false);
  await user.page.getByRole("button", { name: "Approve and sign" }).click();
  await expect(user.page.getByTestId("wallet-done")).toContainText("Payment approved");
  await expect(user.page.getByTestId("wallet-error")).toHaveCount(0);
  await expect(user.page.getByTestId("wallet-balance")).toHaveText("40.000000 USDB");
  await user.context.close();
});

test("with the platform's sandbox clock ahead, the approval deadline and session expiry read on the end user's own clock (ja-JP, Tokyo)", async ({ page, browser, request }) => {
  // The walk saw "Approve by 10:04 JST" at 13:17 JST: the platform's time shown as if it were the user's.
  await advanceClock(request, 2 * 3600);
  const { customer, link } = await paymentRequest(page, request);
  const user = await endUserBrowser(browser, { locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);

  // The quote expires 5 minutes after it was made, on any clock: by this browser's, about 5 minutes from now.
  const localTimes = await user.page.evaluate(() =>
    [4, 5, 6].map((minutes) => new Date(Date.now() + minutes * 60_000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", timeZoneName: "short" })),
  );
  const expires = user.page.getByTestId("quote-expires");
  await expect(expires).toContainText(/^Approve by .+ \(in [345] min\): after that/);
  const text = (await expires.textContent())!;
  expect(localTimes.some((time) => text.startsWith(`Approve by ${time} `)), `${text} is one of ${localTimes.join(", ")}`).toBe(true);
  // The session (15 minutes of platform time) likewise.
  await expect(user.page.getByText(/^Signed in\. Session expires .+ \(in 1[45] min\)\.$/)).toBeVisible();
  await user.context.close();
});
