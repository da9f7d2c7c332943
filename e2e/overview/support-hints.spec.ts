import { expect, test } from "@playwright/test";
import { API, signIn, signInAsNewMember } from "../support";
import { headers } from "../transactions/setup";

test("Support is offered only next steps it can take, and told why it cannot fund an account", async ({ browser, request }) => {
  const page = await signInAsNewMember(browser, { name: "Sam Support", role: "SUPPORT" });

  // The overview's next steps: nothing that needs an admin (API tokens, the webhook endpoint).
  const steps = page.getByTestId("next-steps");
  await expect(steps.getByRole("link", { name: /Find a customer/ })).toBeVisible();
  await expect(steps.getByRole("link", { name: /Review transactions/ })).toBeVisible();
  await expect(steps.getByRole("link", { name: /Create an API token/ })).toHaveCount(0);
  await expect(steps.getByRole("link", { name: /Set your webhook endpoint/ })).toHaveCount(0);

  // The sandbox deposit form says who may fund, beside the disabled button and on it.
  const account = (await (await request.get(`${API}/platform/internal-accounts?currency=USD`, { headers })).json()).data[0];
  await page.goto(`/accounts/${encodeURIComponent(account.id)}`);
  const fund = page.getByRole("button", { name: "Fund" });
  await expect(fund).toBeDisabled();
  await expect(fund).toHaveAttribute("title", "Only admins and operators can fund accounts.");
  await expect(page.getByTestId("fund-read-only")).toContainText("Only admins and operators can fund accounts.");
});

// The bootstrap admin, not a new one: e2e/team relies on it being the only admin.
test("an admin's next steps still lead to API tokens and the webhook endpoint", async ({ page }) => {
  await signIn(page);
  const steps = page.getByTestId("next-steps");
  await expect(steps.getByRole("link", { name: /Create an API token/ })).toBeVisible();
  await expect(steps.getByRole("link", { name: /Set your webhook endpoint/ })).toBeVisible();
  await expect(steps.getByRole("link", { name: /Find a customer/ })).toHaveCount(0);
});
