import { devices, expect, test } from "@playwright/test";
import { API } from "../support";
import { loseNextAnswer } from "../lost-answer";
import { endUserBrowser, headers, quoteStatus, signInWithEmailCode, walletCustomer, walletLinkFromDashboard, walletQuote } from "./setup";

// The end user on a phone (walk M): answers lost on a dropping network, slow answers, a tab reloaded.
const ACTIONS = "app/wallet/actions.ts";
test.describe.configure({ timeout: 90_000 });
const { defaultBrowserType: _browser, ...PHONE } = devices["iPhone 13"];

const masked = (email: string) => `${email[0]}•••${email.slice(email.indexOf("@"))}`;

test("a passkey whose answer was lost shows in the list at once, so trying again does not add it twice (walk M3)", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser, PHONE);
  const cdp = await user.context.newCDPSession(user.page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);
  await user.page.getByLabel("Passkey name").fill("Phone");
  await user.page.getByRole("button", { name: "Add a passkey" }).click();
  await loseNextAnswer(user.page, { file: ACTIONS, name: "finishAddPasskey" });
  await user.page.getByRole("button", { name: "Sign and add passkey" }).click();
  await expect(user.page.getByTestId("wallet-error")).toContainText("check them before trying again");
  await expect(user.page.getByTestId("wallet-credentials")).toContainText("Passkey · Phone");
  const credentials = await (await request.get(`${API}/auth/credentials?accountId=${encodeURIComponent(customer.walletId)}`, { headers })).json();
  expect(credentials.data.filter((c: { type: string }) => c.type === "PASSKEY")).toHaveLength(1);
  await user.context.close();
});

test("an OTP sign-in whose answer was lost signs in when Sign in is pressed again, with one session (walk M4)", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser, PHONE);
  await user.page.goto(link);
  await user.page.getByRole("button", { name: `Email a code to ${masked(customer.email)}` }).click();
  await user.page.getByLabel("Code").fill("000000");
  await loseNextAnswer(user.page, { file: ACTIONS, name: "finishOtp" });
  await user.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(user.page.getByTestId("wallet-signin-error")).toContainText("No connection");
  await user.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(user.page.getByTestId("wallet-balance")).toBeVisible();
  const sessions = await (await request.get(`${API}/auth/sessions?accountId=${encodeURIComponent(customer.walletId)}`, { headers })).json();
  expect(sessions.data).toHaveLength(1);
  await expect(user.page.getByTestId("wallet-sessions").locator("tbody tr")).toHaveCount(1);
  await user.context.close();
});

test("a code whose check was answered into a dropped connection says to send a new code (walk M4)", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser, PHONE);
  await user.page.goto(link);
  await user.page.getByRole("button", { name: `Email a code to ${masked(customer.email)}` }).click();
  await user.page.getByLabel("Code").fill("000000");
  await loseNextAnswer(user.page, { file: ACTIONS, name: "submitOtp" });
  await user.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(user.page.getByTestId("wallet-signin-error")).toContainText("No connection");
  await user.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(user.page.getByTestId("wallet-signin-error")).toHaveText("The connection dropped after this code was checked, so it cannot be used again. Send a new code.");
  await user.context.close();
});

test("the code step survives a reload (the phone dropped the tab while the user read the email), and the code still signs in (walk M6)", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser, PHONE);
  await user.page.goto(link);
  await user.page.getByRole("button", { name: `Email a code to ${masked(customer.email)}` }).click();
  await expect(user.page.getByLabel("Code")).toBeVisible();
  await user.page.reload();
  await user.page.getByLabel("Code").fill("000000");
  await user.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(user.page.getByTestId("wallet-balance")).toBeVisible();
  // signed in, a reload does not bring the code step back
  await user.page.reload();
  await expect(user.page.getByTestId("wallet-balance")).toBeVisible();
  await user.context.close();
});

test("a slow approval says it is working, and cannot be sent twice (walk M5)", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const quote = await walletQuote(request, customer);
  const link = await walletLinkFromDashboard(page, customer.customerId, quote.id);
  const user = await endUserBrowser(browser, PHONE);
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);
  await user.page.getByRole("button", { name: "Review and approve" }).click();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await user.page.route("**/wallet/**", async (route) => {
    if (route.request().method() === "POST" && (route.request().postData() ?? "").includes(quote.id)) await held;
    await route.fallback();
  });
  await user.page.getByRole("button", { name: "Approve and sign" }).click();
  await expect(user.page.getByTestId("approval").getByRole("status")).toContainText("Keep this page open");
  await expect(user.page.getByRole("button", { name: "Approve and sign" })).toBeDisabled();
  release();
  await expect(user.page.getByTestId("wallet-done")).toContainText("Payment approved");
  await expect(user.page.getByTestId("approval")).toHaveCount(0);
  await expect.poll(() => quoteStatus(request, quote.id)).not.toBe("PENDING");
  await user.context.close();
});

test("on a phone, the code field is 16 px or more (no iOS zoom on focus), numeric and one-time-code (walk M7)", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser, PHONE);
  await user.page.goto(link);
  await user.page.getByRole("button", { name: `Email a code to ${masked(customer.email)}` }).click();
  const code = user.page.getByLabel("Code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  expect(await code.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
  expect(await user.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await user.context.close();
});
