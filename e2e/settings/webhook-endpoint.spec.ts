import { expect, test } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";

test("an invalid webhook endpoint is rejected beside the field; a valid one is saved and served by the API", async ({ page, request }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByTestId("webhook-public-key")).toContainText("BEGIN PUBLIC KEY");

  const endpoint = page.getByLabel("Webhook endpoint");
  await endpoint.fill("ftp://x");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("field-error-webhookEndpoint")).toContainText("must use https");
  await expect(endpoint).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Some fields need attention. Nothing was saved.")).toBeVisible();

  const authorization = basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret);
  const unchanged = await request.get(`${API}/config`, { headers: { authorization } });
  expect((await unchanged.json()).webhookEndpoint).toBeUndefined();

  await endpoint.fill("https://example.com/hooks");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("settings-saved")).toHaveText("Settings saved.");
  await expect(page.getByTestId("field-error-webhookEndpoint")).toHaveCount(0);

  const saved = await request.get(`${API}/config`, { headers: { authorization } });
  expect(saved.status()).toBe(200);
  expect((await saved.json()).webhookEndpoint).toBe("https://example.com/hooks");

  await page.reload();
  await expect(page.getByLabel("Webhook endpoint")).toHaveValue("https://example.com/hooks");
});
