import { expect, test } from "@playwright/test";
import { callServerAction, signInAsNewMember } from "../support";
import { walletCustomer } from "../wallet/setup";

test("Support sees the wallet link buttons disabled, and the action refuses to make a link for them", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const { customerId } = await walletCustomer(request);
  const page = await signInAsNewMember(browser, { name: "Sam Support", role: "SUPPORT" });
  const path = `/customers/${encodeURIComponent(customerId)}`;
  await page.goto(path);

  const card = page.locator("section", { has: page.getByRole("heading", { name: "Embedded wallet" }) });
  await expect(card.getByTestId("wallet-card-credentials")).toContainText("EMAIL_OTP");
  await expect(card.getByRole("button", { name: "Create wallet link" })).toBeDisabled();
  await expect(card.getByPlaceholder("Quote:…")).toBeDisabled();
  await expect(card.getByTestId("wallet-link-read-only")).toHaveText("Your role can view the wallet but not create links for the end user. Ask an admin or operator.");

  // Whatever the page shows, the server action itself refuses: no link is signed.
  const answer = await callServerAction(page, { file: "app/(dashboard)/customers/wallet-actions.ts", name: "createWalletLink", path, input: customerId });
  expect(answer).toContain('"code":"FORBIDDEN"');
  expect(answer).not.toContain("/wallet/");
  await page.context().close();
});
