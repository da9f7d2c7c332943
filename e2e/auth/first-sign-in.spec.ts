import { expect, test } from "@playwright/test";
import { addMember, callServerAction, choosePassword, signIn, trySignIn } from "../support";

test("a member added by an admin must choose a new password at first sign-in: every dashboard page leads there, then on to the page asked for", async ({ browser }) => {
  test.setTimeout(90_000); // one member's whole first sign-in, with every refusal on the way
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const email = `nina-${Date.now()}@example.com`;
  const temporary = await addMember(admin, { name: "Nina New", email, role: "OPERATOR" });
  await admin.getByRole("button", { name: "I handed it over" }).click();
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Temporary password");

  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await trySignIn(page, email, temporary);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByTestId("change-password-reason")).toContainText(email);

  // No dashboard page opens meanwhile; each remembers where the member was heading.
  await page.goto("/customers");
  await expect(page).toHaveURL(/\/change-password\?next=%2Fcustomers$/);
  await expect(page.getByRole("heading", { name: "Customers" })).toHaveCount(0);
  await page.goto("/team");
  await expect(page).toHaveURL(/\/change-password\?next=%2Fteam$/);
  await page.goto("/change-password?next=https://evil.example/");
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  // The dashboard's file downloads refuse too (route handlers, not pages).
  const download = await page.request.get("/accounts/InternalAccount:0190f0f0-0000-7000-8000-000000000000/balance-changes.csv");
  expect(download.status()).toBe(403);
  expect(await download.text()).toContain("Choose a new password first");

  // Same rules as Team → Your password.
  await page.goto("/customers");
  await choosePassword(page, temporary, "nina-own-password-1", "nina-own-password-2");
  await expect(page.getByTestId("field-error-confirmPassword")).toHaveText("does not match the new password");
  await choosePassword(page, "not-the-temporary-one", "nina-own-password-1");
  await expect(page.getByTestId("field-error-currentPassword")).toHaveText("is not your current password");
  await choosePassword(page, temporary, "short");
  await expect(page.getByTestId("field-error-newPassword")).toHaveText("must be at least 12 characters");
  await choosePassword(page, temporary, temporary);
  await expect(page.getByTestId("field-error-newPassword")).toHaveText("must differ from your current password");

  await choosePassword(page, temporary, "nina-own-password-1");
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await expect(page.getByTestId("user-role")).toHaveText("Operator");
  await page.goto("/change-password");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await admin.reload();
  await expect(row).not.toContainText("Temporary password");

  // The new password signs in straight to the dashboard; the temporary one no longer signs in.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await trySignIn(page, email, temporary);
  await expect(page.getByTestId("login-error")).toHaveText("Wrong email or password.");
  await signIn(page, email, "nina-own-password-1");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/transactions");
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
});

test("a member with a temporary password can sign out from the change-password screen", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const email = `owen-${Date.now()}@example.com`;
  const temporary = await addMember(admin, { name: "Owen Out", email, role: "SUPPORT" });

  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await trySignIn(page, email, temporary);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/change-password");
  await expect(page).toHaveURL(/\/login$/);
});

test("server actions refuse a member with a temporary password (PASSWORD_CHANGE_REQUIRED), whatever the screen shows, and run once the password is their own", async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const email = `ada-${Date.now()}@example.com`;
  const temporary = await addMember(admin, { name: "Ada Admin", email, role: "ADMIN" });

  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await trySignIn(page, email, temporary);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const addMemberAs = (name: string) =>
    callServerAction(page, { file: "app/(dashboard)/team/actions.ts", name: "addTeamMemberAction", path: "/team", input: { name, email: `${name.toLowerCase()}-${Date.now()}@example.com`, role: "SUPPORT" } });

  const refused = await addMemberAs("Blocked");
  expect(refused).toContain('"code":"PASSWORD_CHANGE_REQUIRED"');
  expect(refused).toContain("Choose a new password first");
  await admin.reload();
  await expect(admin.getByRole("row").filter({ hasText: "blocked-" })).toHaveCount(0);

  await choosePassword(page, temporary, "ada-own-password-1");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  const done = await addMemberAs("Allowed");
  expect(done).toContain('"ok":true');
  await admin.reload();
  await expect(admin.getByRole("row").filter({ hasText: "allowed-" })).toHaveCount(1);

  // Other specs rely on the bootstrap admin being the only admin.
  await admin.getByRole("row").filter({ hasText: email }).getByRole("button", { name: "Remove Ada Admin" }).click();
  await admin.getByRole("dialog", { name: "Remove Ada Admin?" }).getByRole("button", { name: "Remove member" }).click();
  await expect(admin.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});
