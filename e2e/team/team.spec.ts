import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, addMember, signIn, signInChoosingPassword } from "../support";

async function signedInPage(browser: Browser, email = ADMIN.email, password = ADMIN.password): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

test("an admin adds a support member who signs in read-only; a role change and a removal apply on the member's next page load", async ({ browser }) => {
  const context = await browser.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: ADMIN.email })).toContainText("You");

  const email = `support-${Date.now()}@example.com`;
  const shown = await addMember(page, { name: "Sam Support", email, role: "SUPPORT" });
  await page.getByRole("button", { name: "Copy temporary password" }).click();
  const password = await page.evaluate(() => navigator.clipboard.readText());
  expect(password).toBe(shown);
  expect(password.length).toBeGreaterThanOrEqual(16);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("combobox", { name: "Role of Sam Support" })).toHaveValue("SUPPORT");
  await page.getByRole("button", { name: "I handed it over" }).click();
  await expect(page.getByTestId("created-member-password")).toHaveCount(0);

  // The admin signs out; the member signs in here with the temporary password and chooses their own.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInChoosingPassword(page, email, password, "sam-own-password-1");
  await expect(page.getByTestId("user-role")).toHaveText("Support");
  await page.goto("/customers");
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await page.goto("/api-tokens");
  await expect(page.getByText("Only admins can create and revoke API tokens.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create token" })).toHaveCount(0);
  await page.goto("/team");
  await expect(page.getByTestId("team-read-only")).toContainText("Only admins can add, change and remove team members");
  await expect(page.getByRole("button", { name: "Add member" })).toHaveCount(0);
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("You");

  // An admin in another browser makes the member an admin: the member's next page load has the new role.
  const admin = await signedInPage(browser);
  await admin.goto("/team");
  const memberRow = admin.getByRole("row").filter({ hasText: email });
  await memberRow.getByRole("combobox", { name: "Role of Sam Support" }).selectOption("ADMIN");
  const dialog = admin.getByRole("dialog", { name: "Change Sam Support’s role to Admin?" });
  await dialog.getByRole("button", { name: "Change role" }).click();
  await expect(dialog).toBeHidden();
  await expect(memberRow.getByRole("combobox", { name: "Role of Sam Support" })).toHaveValue("ADMIN");

  await page.goto("/api-tokens");
  await expect(page.getByTestId("user-role")).toHaveText("Admin");
  await expect(page.getByRole("button", { name: "Create token" })).toBeVisible();

  // The admin removes the member: the member's next page load is the sign-in page, and the sign-in is gone.
  await memberRow.getByRole("button", { name: "Remove Sam Support" }).click();
  const confirm = admin.getByRole("dialog", { name: "Remove Sam Support?" });
  await expect(confirm).toContainText(email);
  await confirm.getByRole("button", { name: "Remove member" }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  await page.reload();
  await expect(page).toHaveURL(/\/login(\?next=[^&]*)?$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("sam-own-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password")).toBeVisible();
});

test("the only admin cannot step down or remove themselves, and an email that already signs in is refused beside the field", async ({ page }) => {
  await signIn(page);
  await page.goto("/team");
  const me = page.getByRole("row").filter({ hasText: ADMIN.email });
  await expect(me.getByRole("button", { name: /^Remove/ })).toHaveCount(0);

  await me.getByRole("combobox", { name: "Role of Admin" }).selectOption("SUPPORT");
  const dialog = page.getByRole("dialog", { name: "Change your role to Support?" });
  await dialog.getByRole("button", { name: "Change role" }).click();
  await expect(dialog).toContainText("The platform needs at least one admin");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(me.getByRole("combobox", { name: "Role of Admin" })).toHaveValue("ADMIN");
  await expect(page.getByTestId("user-role")).toHaveText("Admin");

  await page.getByLabel("Name").fill("Someone else");
  await page.getByLabel("Email").fill(ADMIN.email.toUpperCase());
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByTestId("field-error-email")).toHaveText("already has a sign-in");
  await expect(page.getByTestId("add-member-error")).toContainText("already has a sign-in");

  await page.getByLabel("Email").fill("not an email");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByTestId("field-error-email")).toHaveText("is not a valid email address");
});

test("a member changes their own password: this browser stays signed in, other sessions end, and only the new password signs in", async ({ browser }) => {
  test.setTimeout(90_000); // many steps, each a server round trip
  const admin = await signedInPage(browser);
  const email = `operator-${Date.now()}@example.com`;
  const temporary = await addMember(admin, { name: "Olga Operator", email, role: "OPERATOR" });
  const page = await (await browser.newContext()).newPage();
  await signInChoosingPassword(page, email, temporary, "olga-own-password-1");
  const elsewhere = await signedInPage(browser, email, "olga-own-password-1");

  await page.goto("/team");
  const current = page.getByLabel("Current password", { exact: true });
  const fresh = page.getByLabel("New password", { exact: true });
  const repeat = page.getByLabel("Repeat the new password", { exact: true });
  const submit = page.getByRole("button", { name: "Change password" });

  await current.fill("not-the-password");
  await fresh.fill("olga-new-password-1");
  await repeat.fill("olga-new-password-2");
  await submit.click();
  await expect(page.getByTestId("field-error-confirmPassword")).toHaveText("does not match the new password");

  await repeat.fill("olga-new-password-1");
  await submit.click();
  await expect(page.getByTestId("field-error-currentPassword")).toHaveText("is not your current password");

  await current.fill("olga-own-password-1");
  await fresh.fill("short");
  await repeat.fill("short");
  await submit.click();
  await expect(page.getByTestId("field-error-newPassword")).toHaveText("must be at least 12 characters");

  await fresh.fill("olga-new-password-1");
  await repeat.fill("olga-new-password-1");
  await submit.click();
  await expect(page.getByTestId("change-password-done")).toBeVisible();
  await expect(current).toHaveValue("");

  await page.goto("/transactions");
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  await expect(page.getByTestId("user-role")).toHaveText("Operator");
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/login(\?next=[^&]*)?$/);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("olga-own-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password")).toBeVisible();
  await signIn(page, email, "olga-new-password-1");
  await expect(page.getByTestId("user-role")).toHaveText("Operator");
});
