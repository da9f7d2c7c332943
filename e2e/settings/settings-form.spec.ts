import { expect, test } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };

test("a logo URL that is not https (javascript:, ftp:) is refused beside the field and not saved", async ({ page, request }) => {
  await signIn(page);
  await page.goto("/settings");
  const logo = page.getByLabel("Logo URL");
  for (const typed of ["javascript:alert(1)", "ftp://example.com/logo.png"]) {
    await logo.fill(typed);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("field-error-embeddedWalletConfig.logoUrl")).toHaveText("must be an https URL such as https://example.com/logo.png");
    await expect(page.getByTestId("settings-error")).toHaveText("Some fields need attention. Nothing was saved.");
    await expect(logo).toHaveValue(typed);
  }
  const config = await (await request.get(`${API}/config`, { headers })).json();
  expect(config.embeddedWalletConfig.logoUrl ?? "").not.toMatch(/^(javascript|ftp):/);
});

test("a number too long for its field says it is too large, not that it is not a whole number", async ({ page }) => {
  await signIn(page);
  await page.goto("/settings");
  await page.getByLabel("Variable fee (bps)").fill("99999999999999999");
  await page.getByLabel("USD maximum in minor units").fill("1".repeat(30));
  await page.getByRole("button", { name: "Save settings" }).click();

  await expect(page.getByTestId("field-error-feeConfigs.0.variableFeeBps")).toHaveText("is too large");
  const usdMaximum = page.getByLabel("USD maximum in minor units");
  await expect(usdMaximum).toHaveAccessibleDescription("is too large");
  await expect(usdMaximum).toHaveValue("1".repeat(30));
  await expect(page.getByTestId("settings-saved")).toHaveCount(0);
});

test("the sandbox's 'Skip verification paperwork' is a setting staff can switch, saved to the API", async ({ page, request }) => {
  await signIn(page);
  await page.goto("/settings");
  const skip = page.getByRole("checkbox", { name: "Skip verification paperwork" });
  await expect(skip).not.toBeChecked();
  try {
    await skip.check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("settings-saved")).toBeVisible();
    expect((await (await request.get(`${API}/config`, { headers })).json()).skipVerificationPaperwork).toBe(true);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Skip verification paperwork" })).toBeChecked();
  } finally {
    // Other specs expect documents to be asked for.
    expect((await request.patch(`${API}/config`, { headers, data: { skipVerificationPaperwork: false } })).status()).toBe(200);
  }
});
