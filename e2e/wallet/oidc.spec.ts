import { expect, test, type Page } from "@playwright/test";
import { API } from "../support";
import { endUserBrowser, headers, signInWithEmailCode, walletCustomer, walletLinkFromDashboard } from "./setup";

/** Completes the sandbox identity provider popup that `click` opens, as `email`. */
async function throughIdp(page: Page, click: () => Promise<void>, email: string): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent("popup"), click()]);
  await expect(popup.getByRole("heading", { name: "Sandbox identity provider" })).toBeVisible();
  await popup.getByLabel("Email").fill(email);
  // the popup closes itself right after posting the token back: wait for that before clicking.
  // If it stays open it shows why (an error, or no form at all): fail with that, not the test timeout.
  const closed = popup.waitForEvent("close", { timeout: 15_000 });
  await popup.getByRole("button", { name: "Continue" }).click({ noWaitAfter: true }).catch((error: Error) => {
    if (!popup.isClosed()) throw error;
  });
  await closed.catch(async (error: Error) => {
    const shown = popup.isClosed() ? "" : await popup.locator("main").innerText().catch(() => "");
    throw new Error(`the identity provider popup did not close (${popup.isClosed() ? "closed late" : popup.url()}): ${shown}`, { cause: error });
  });
}

test("link a sandbox Google account, sign in with it (sealed key opened in the browser), and another identity is refused", async ({ page, browser, request }) => {
  test.setTimeout(90_000); // three identity-provider popups and two signed actions: ~16 s here, 30 s once ran out in CI
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);

  await throughIdp(user.page, () => user.page.getByRole("button", { name: "Link a Google account (sandbox)" }).click(), customer.email);
  await expect(user.page.getByTestId("approval-summary")).toContainText(`You are linking the Google account ${customer.email}`);
  await user.page.getByRole("button", { name: "Sign and link" }).click();
  await expect(user.page.getByTestId("wallet-done")).toContainText(`Google account ${customer.email} linked`);
  await expect(user.page.getByTestId("wallet-credentials")).toContainText(`Google/Apple sign-in · ${customer.email}`);

  await user.page.getByRole("button", { name: "Sign out" }).click();
  await user.page.reload();
  const google = user.page.getByRole("button", { name: /Continue with Google \(sandbox\)/ });
  await throughIdp(user.page, () => google.click(), "someone.else@example.com");
  await expect(user.page.getByTestId("wallet-signin-error")).toContainText("The identity provider's answer was not accepted");

  await throughIdp(user.page, () => google.click(), customer.email);
  await expect(user.page.getByTestId("wallet-balance")).toBeVisible();
  await expect(user.page.getByTestId("wallet-sessions").locator("tr", { hasText: "(this browser)" })).toContainText("Google/Apple sign-in");

  // from the Google session, remove the email code sign-in (a session of another credential must sign)
  await user.page.getByTestId("wallet-credentials").locator("li", { hasText: "Email code" }).getByRole("button", { name: "Remove" }).click();
  await expect(user.page.getByTestId("approval-summary")).toContainText(`You are removing Email code “${customer.email}”`);
  await user.page.getByRole("button", { name: "Sign and remove" }).click();
  await expect(user.page.getByTestId("wallet-done")).toContainText("Sign-in method removed");
  await expect(user.page.getByTestId("wallet-credentials")).not.toContainText("Email code");
  const creds = await (await request.get(`${API}/auth/credentials?accountId=${encodeURIComponent(customer.walletId)}`, { headers })).json();
  expect(creds.data.map((c: { type: string }) => c.type)).toEqual(["OAUTH"]);
  await user.context.close();
});

test("the identity provider popup can only be used once its page is ready (slow scripts): the typed email is the one signed in", async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);

  // a slow connection in the popup only: its page shows before its scripts run (they used to
  // drop the typed email, or the click posted the form natively and lost the wallet link)
  await user.context.route("**/_next/static/chunks/**", async (route) => {
    if (route.request().frame().page() !== user.page) await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await throughIdp(user.page, () => user.page.getByRole("button", { name: "Link a Google account (sandbox)" }).click(), customer.email);
  await expect(user.page.getByTestId("approval-summary")).toContainText(`You are linking the Google account ${customer.email}`);
  await user.context.close();
});
