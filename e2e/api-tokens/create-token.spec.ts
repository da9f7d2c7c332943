import { expect, test } from "@playwright/test";
import { API, basicAuth, signIn } from "../support";

test("a new token's secret is shown once, authenticates, and stops working when revoked", async ({ page, request }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();

  const name = `Payouts service ${Date.now()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("TRANSACT").check();
  await page.getByRole("button", { name: "Create token" }).click();

  await expect(page.getByText("It will not be shown again", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy client secret" })).toBeVisible();
  const clientId = (await page.getByTestId("created-client-id").textContent())!.trim();
  const clientSecret = (await page.getByTestId("created-client-secret").textContent())!.trim();
  expect(clientSecret.length).toBeGreaterThan(20);

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(clientId);
  await expect(row).toContainText("VIEW");
  await expect(row).toContainText("TRANSACT");
  await expect(row).not.toContainText(clientSecret);

  const authorization = basicAuth(clientId, clientSecret);
  const before = await request.get(`${API}/config`, { headers: { authorization } });
  expect(before.status()).toBe(200);

  await page.getByRole("button", { name: "I saved the secret" }).click();
  await expect(page.getByTestId("created-client-secret")).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(clientSecret)).toHaveCount(0);

  await row.getByRole("button", { name: `Revoke token ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke “${name}”?` });
  await expect(dialog).toContainText(clientId);
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  const after = await request.get(`${API}/config`, { headers: { authorization } });
  expect(after.status()).toBe(401);
});

test("the API's field errors appear beside the field", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-tokens");
  await page.getByLabel("Name").fill("Expired on arrival");
  await page.getByLabel("Expires (optional)").fill("2001-01-01T10:00");
  await page.getByRole("button", { name: "Create token" }).click();
  // It names the platform's time: its sandbox clock can run ahead of the user's.
  await expect(page.getByTestId("field-error-token-expires-at")).toHaveText(/^must be after the platform's current time, \d{4}-\d{2}-\d{2}T\S+Z \(its sandbox clock\)$/);
  await expect(page.getByLabel("Expires (optional)")).toHaveAttribute("aria-invalid", "true");
});
