import { expect, test } from "@playwright/test";
import { API } from "../support";
import { endUserBrowser, headers, signInWithEmailCode, walletCustomer, walletLinkFromDashboard } from "./setup";

test("the wallet page names the platform's app, and a second tab explains why it signs in again", async ({ page, browser, request }) => {
  const appName = `Walkers Pay ${Date.now()}`;
  expect((await request.patch(`${API}/config`, { headers, data: { embeddedWalletConfig: { appName } } })).status()).toBe(200);
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await expect(user.page.getByTestId("wallet-app-name")).toHaveText(appName);
  await signInWithEmailCode(user.page, customer.email);

  const second = await user.context.newPage();
  await second.goto(link);
  await expect(second.getByRole("heading", { name: "Sign in to your wallet" })).toBeVisible();
  await expect(second.getByTestId("wallet-tab-note")).toContainText("Each tab signs in on its own: your key is kept in that tab only");
  await user.context.close();
});

test("with no connection the wallet says so in the end user's words and keeps the step; trying again works", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  const masked = `${customer.email[0]}•••${customer.email.slice(customer.email.indexOf("@"))}`;
  await user.page.getByRole("button", { name: `Email a code to ${masked}` }).click();
  await user.page.getByLabel("Code").fill("000000");

  await user.context.setOffline(true);
  await user.page.getByRole("button", { name: "Sign in", exact: true }).click();
  const error = user.page.getByTestId("wallet-signin-error");
  await expect(error).toHaveText("No connection. Check your network and try again.");
  await expect(error).not.toContainText(/dashboard|reload/i);
  await expect(user.page.getByLabel("Code")).toHaveValue("000000"); // still at the code step

  await user.context.setOffline(false);
  await user.page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(user.page.getByTestId("wallet-balance")).toBeVisible();

  // signed in: an action without an answer says the same, and the page stays as it was
  await user.context.setOffline(true);
  await user.page.getByRole("button", { name: "Export recovery phrase" }).click();
  await expect(user.page.getByTestId("wallet-error")).toHaveText("No connection. Check your network and try again.");
  await expect(user.page.getByTestId("wallet-balance")).toBeVisible();
  await user.context.setOffline(false);
  await user.page.getByRole("button", { name: "Export recovery phrase" }).click();
  await expect(user.page.getByTestId("approval-summary")).toContainText("You are revealing this wallet's recovery phrase");
  await user.context.close();
});

test("once the customer is deleted, the wallet link says the wallet is closed: no sign-in, no balance, no payment to approve", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);
  const deleted = await request.delete(`${API}/customers/${encodeURIComponent(customer.customerId)}`, { headers });
  expect(deleted.status(), await deleted.text()).toBe(200);

  await user.page.reload();
  await expect(user.page.getByTestId("wallet-link-error")).toContainText("Wallet closed");
  await expect(user.page.getByTestId("wallet-link-error")).toContainText("This wallet is closed: its customer account was deleted");
  await expect(user.page.getByTestId("wallet-balance")).toHaveCount(0);
  await expect(user.page.getByRole("button", { name: /a code to/ })).toHaveCount(0);
  await user.context.close();
});
