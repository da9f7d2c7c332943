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
