import { expect, test } from "@playwright/test";
import { signIn } from "../support";

test("the reference documents each operation and Try it calls the API as the signed-in user", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference");
  const operation = page.locator("#op-getPlatformConfig");
  await expect(operation.getByRole("heading", { name: "Get the platform configuration" })).toBeVisible();
  await expect(operation).toContainText("/config");
  await expect(operation).toContainText("webhookPublicKey");

  await operation.getByRole("button", { name: "Send request" }).click();
  const response = page.getByTestId("try-it-response-getPlatformConfig");
  await expect(response).toContainText("200");
  await expect(response).toContainText('"supportedCurrencies"');
});

test("Try it shows the API's error envelope as it came", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference");
  const operation = page.locator("#op-getToken");
  await operation.getByLabel("tokenId * (path)").fill("Token:not-a-real-id");
  await operation.getByRole("button", { name: "Send request" }).click();
  const response = page.getByTestId("try-it-response-getToken");
  await expect(response).toContainText("404");
  await expect(response).toContainText('"code": "TOKEN_NOT_FOUND"');
});

test("a schema shared by many operations has a page of its own, linked from where it is used, listing its fields and its operations", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference");
  const operation = page.locator("#op-getPlatformConfig");
  // supportedCurrencies is a list of PlatformCurrencyConfig: linked, not written out under every operation again.
  await operation.getByRole("link", { name: "Show PlatformCurrencyConfig[] fields →" }).click();
  await expect(page).toHaveURL(/\/api-reference\/schemas\/PlatformCurrencyConfig$/);
  await expect(page.getByRole("heading", { name: "PlatformCurrencyConfig", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Fields" })).toContainText("currencyCode");

  // The operations that answer it lead back to their place in the reference.
  await page.getByRole("link", { name: /GET\s*\/config/ }).click();
  await expect(page).toHaveURL(/\/api-reference#op-getPlatformConfig$/);
  await expect(page.locator("#op-getPlatformConfig")).toBeVisible();
});

test("a schema the API does not define is a page not found inside the dashboard", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference/schemas/NoSuchSchema");
  await expect(page.getByRole("heading", { name: "Schema not found", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to API reference" }).click();
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
});
