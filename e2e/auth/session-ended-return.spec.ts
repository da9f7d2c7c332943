import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "../support";

test("a tab left open past its session: the form keeps what was typed, says how to go on, and signing in returns to the page", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/settings");
  await page.getByLabel("Sender name").fill("Typed before the session ended");

  await context.clearCookies(); // the session ends (signed out elsewhere, expired)
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("settings-error")).toContainText(
    "Your session has ended, so nothing was done. Sign in again in another tab (what you typed here stays), then try again here.",
  );
  await expect(page.getByLabel("Sender name")).toHaveValue("Typed before the session ended");

  // Opening any page signs in first and then goes on to that page, not the overview.
  const other = await context.newPage();
  await other.goto("/transactions?status=COMPLETED");
  await expect(other).toHaveURL(/\/login\?next=%2Ftransactions%3Fstatus%3DCOMPLETED$/);
  await other.getByLabel("Email").fill(ADMIN.email);
  await other.getByLabel("Password").fill(ADMIN.password);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other).toHaveURL(/\/transactions\?status=COMPLETED$/);
  await expect(other.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  await context.close();
});
