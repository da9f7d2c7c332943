import { expect, test } from "@playwright/test";
import { API } from "../support";
import { endUserBrowser, headers, signInWithEmailCode, walletCustomer, walletLinkFromDashboard } from "./setup";

test("revoking the session in use signs the browser out, and staff see sessions read-only", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);
  const sessions = user.page.getByTestId("wallet-sessions");
  await expect(sessions).toContainText("(this browser)");

  // staff view: the session shows on the customer's page
  await page.reload();
  await expect(page.getByTestId("wallet-card-sessions")).toContainText(`EMAIL_OTP · ${customer.email}`);

  // On a phone the session row stays inside the page: the Revoke button is not pushed off it, and the expiry names its zone.
  await user.page.setViewportSize({ width: 390, height: 800 });
  const revoke = sessions.getByRole("button", { name: "Revoke" });
  await expect(revoke).toHaveAccessibleName(`Revoke Email code · ${customer.email} (this browser)`); // a screen reader hears which session
  const box = (await revoke.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await user.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(sessions).toContainText(/until \d{1,2}:\d{2}.*(UTC|GMT)/);
  // "(this browser)" stays whole on one line at every phone width (it broke as "(t / his browser)")
  const thisBrowser = sessions.getByText("(this browser)", { exact: true });
  for (let width = 320; width <= 430; width += 2) {
    await user.page.setViewportSize({ width, height: 800 });
    expect((await thisBrowser.boundingBox())!.height, `at ${width} px`).toBeLessThan(24);
  }
  await user.page.setViewportSize({ width: 390, height: 800 });

  await revoke.click();
  await expect(user.page.getByTestId("approval-summary")).toContainText("this is the session you are using now");
  await expect(user.page.getByTestId("payload-to-sign")).not.toBeEmpty();
  await user.page.getByRole("button", { name: "Sign and revoke" }).click();
  await expect(user.page.getByTestId("wallet-signin-notice")).toContainText("You revoked this session");
  const after = await (await request.get(`${API}/auth/sessions?accountId=${encodeURIComponent(customer.walletId)}`, { headers })).json();
  expect(after.data).toEqual([]);
  await user.context.close();
});

test("one browser revokes another's session; signing out ends this browser's session on the server too", async ({ page, browser, request }) => {
  test.setTimeout(90_000); // two sign-ins and two signed changes, each a few server round trips
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const first = await endUserBrowser(browser);
  const second = await endUserBrowser(browser);
  for (const user of [first, second]) {
    await user.page.goto(link);
    await signInWithEmailCode(user.page, customer.email);
  }
  const listed = async () => (await (await request.get(`${API}/auth/sessions?accountId=${encodeURIComponent(customer.walletId)}`, { headers })).json()).data as unknown[];
  expect(await listed()).toHaveLength(2);

  await first.page.reload();
  const sessions = first.page.getByTestId("wallet-sessions");
  await sessions.locator("tbody tr").filter({ hasNotText: "(this browser)" }).getByRole("button", { name: "Revoke" }).click();
  await expect(first.page.getByTestId("approval-summary")).toContainText("You are ending the Email code session");
  await first.page.getByRole("button", { name: "Sign and revoke" }).click();
  await expect(first.page.getByTestId("wallet-done")).toContainText("Session revoked");
  await expect(sessions.locator("tbody tr")).toHaveCount(1);
  expect(await listed()).toHaveLength(1);

  await first.page.getByRole("button", { name: "Sign out" }).click();
  await expect(first.page.getByRole("heading", { name: "Sign in to your wallet" })).toBeVisible();
  await expect(first.page.getByTestId("wallet-signin-notice")).toHaveCount(0);
  await expect.poll(listed).toEqual([]);
  await first.context.close();
  await second.context.close();
});

test("an expired session is refused with a clear message, and a tampered link is not accepted", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);
  // sessions last 15 minutes of sandbox time
  const advanced = await request.post(`${API}/sandbox/clock/advance`, { headers, data: { seconds: 16 * 60 } });
  expect(advanced.status(), await advanced.text()).toBe(200);
  await user.page.reload();
  await expect(user.page.getByTestId("wallet-signin-notice")).toContainText("Your wallet session has expired or was revoked. Sign in again.");
  await expect(user.page.getByTestId("wallet-balance")).toHaveCount(0);

  const [path] = link.split("?");
  await user.page.goto(`${path!.slice(0, -3)}AAA`);
  await expect(user.page.getByTestId("wallet-link-error")).toContainText("This wallet link is not valid");
  await user.context.close();
});

test("exporting the wallet shows the recovery phrase opened in the browser after signing", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);
  await user.page.getByRole("button", { name: "Export recovery phrase" }).click();
  await expect(user.page.getByTestId("approval-summary")).toContainText("You are revealing this wallet's recovery phrase");
  await expect(user.page.getByTestId("wallet-mnemonic")).toHaveCount(0);
  await user.page.getByRole("button", { name: "Sign and export" }).click();
  await expect(user.page.getByTestId("wallet-mnemonic")).toHaveText(/^([a-z]+ ){11,23}[a-z]+$/);
  await user.context.close();
});

test("adding text-message sign-in is approved by signing, then offered at sign-in", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request, { phoneNumber: "+15555550123" });
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);
  await user.page.getByRole("button", { name: "Add text-message sign-in" }).click();
  await expect(user.page.getByTestId("approval-summary")).toContainText("You are adding sign-in by a code texted");
  await user.page.getByRole("button", { name: "Sign and add" }).click();
  await expect(user.page.getByTestId("wallet-done")).toContainText("Text-message sign-in added for +15555550123");
  await expect(user.page.getByTestId("wallet-credentials")).toContainText("Text code · +15555550123");
  await user.page.getByRole("button", { name: "Sign out" }).click();
  // offered at once, without a reload
  await expect(user.page.getByRole("button", { name: "Text a code to •••0123" })).toBeVisible();
  await user.context.close();
});
