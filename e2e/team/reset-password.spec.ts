import { expect, test } from "@playwright/test";
import { ADMIN, addMember, choosePassword, signIn, signInChoosingPassword, trySignIn } from "../support";

// A member made for this test: other specs sign in as the bootstrap admin, and a lockout of that email would fail them.
test("an admin resets a locked-out member's password: the member's open session ends, the new temporary password signs in at once and must be replaced before the dashboard opens", async ({ browser }) => {
  test.setTimeout(90_000); // many steps, each a server round trip
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const email = `rita-${Date.now()}@example.com`;
  const temporary = await addMember(admin, { name: "Rita Reset", email, role: "OPERATOR" });
  await admin.getByRole("button", { name: "I handed it over" }).click();
  await expect(admin.getByRole("row").filter({ hasText: ADMIN.email }).getByRole("button", { name: /^Reset password/ })).toHaveCount(0);

  const session = await (await browser.newContext()).newPage();
  await signInChoosingPassword(session, email, temporary, "rita-own-password-1");

  // Five wrong passwords on the sign-in page lock the email, the right password included.
  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  for (let attempt = 1; attempt <= 5; attempt++) await trySignIn(page, email, `wrong-password-${attempt}`);
  await expect(page.getByTestId("login-error")).toHaveText("Too many failed sign-ins for this email. Try again in 15 minutes.");
  await trySignIn(page, email, "rita-own-password-1");
  await expect(page.getByTestId("login-error")).toContainText("Too many failed sign-ins for this email.");

  await admin.reload();
  await expect(admin.getByRole("row").filter({ hasText: email })).not.toContainText("Temporary password");
  await admin.getByRole("row").filter({ hasText: email }).getByRole("button", { name: "Reset password of Rita Reset" }).click();
  const confirm = admin.getByRole("dialog", { name: "Reset Rita Reset’s password?" });
  await expect(confirm).toContainText("Their current sessions end on their next page load.");
  await confirm.getByRole("button", { name: "Reset password" }).click();
  const shown = admin.getByRole("dialog", { name: "Rita Reset’s new temporary password" });
  await expect(shown.getByTestId("reset-password")).toContainText("shown only this once");
  await expect(shown.getByTestId("reset-password-email")).toHaveText(email);
  const reset = (await shown.getByTestId("reset-password-password").textContent())!.trim();
  expect(reset).not.toBe(temporary);
  await shown.getByRole("button", { name: "I handed it over" }).click();
  await expect(shown).toBeHidden();
  await admin.reload();
  await expect(admin.getByRole("row").filter({ hasText: email })).toContainText("Temporary password");

  await session.reload();
  await expect(session).toHaveURL(/\/login(\?next=[^&]*)?$/);

  // The reset password is temporary again: the member chooses a new one before the dashboard opens.
  await trySignIn(page, email, reset);
  await choosePassword(page, reset, "rita-second-password-1");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("user-role")).toHaveText("Operator");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  for (const old of [temporary, reset]) {
    await trySignIn(page, email, old);
    await expect(page.getByTestId("login-error")).toHaveText("Wrong email or password.");
  }
});
