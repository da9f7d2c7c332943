import { expect, test } from "@playwright/test";
import { API } from "../support";
import { endUserBrowser, headers, signInWithEmailCode, walletCustomer, walletLinkFromDashboard } from "./setup";

test("register a passkey with a virtual authenticator, sign in with it, and revoke the OTP session", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser);
  const cdp = await user.context.newCDPSession(user.page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);
  // the name field is wide enough to read what is typed, its label on one line
  const name = user.page.getByLabel("Passkey name");
  expect((await name.boundingBox())!.width).toBeGreaterThanOrEqual(150);
  const label = user.page.getByText("Passkey name", { exact: true });
  expect((await label.boundingBox())!.height).toBeLessThan(24);
  await name.fill("Test laptop");
  await user.page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(user.page.getByTestId("approval-summary")).toContainText("You are adding a passkey named Test laptop");
  await expect(user.page.getByTestId("payload-to-sign")).toContainText("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2");
  await user.page.getByRole("button", { name: "Sign and add passkey" }).click();
  await expect(user.page.getByTestId("wallet-done")).toContainText("Passkey “Test laptop” added");
  await expect(user.page.getByTestId("wallet-credentials")).toContainText("Passkey · Test laptop");
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);

  // sign out of this browser (which ends the OTP session on the service), then in with the passkey,
  // offered at once (no reload)
  await user.page.getByRole("button", { name: "Sign out" }).click();
  await user.page.getByRole("button", { name: "Use passkey “Test laptop”" }).click();
  await expect(user.page.getByTestId("wallet-balance")).toBeVisible();
  const sessions = user.page.getByTestId("wallet-sessions");
  await expect(sessions.locator("tbody tr")).toHaveCount(1);
  await expect(sessions.locator("tr", { hasText: "(this browser)" })).toContainText("Passkey");
  const after = await (await request.get(`${API}/auth/sessions?accountId=${encodeURIComponent(customer.walletId)}`, { headers })).json();
  expect(after.data.map((s: { type: string }) => s.type)).toEqual(["PASSKEY"]);
  await user.context.close();
});
