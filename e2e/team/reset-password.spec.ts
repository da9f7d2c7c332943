import { expect, test } from "@playwright/test";
import { ADMIN, addMember, signIn, trySignIn } from "../support";

// A member made for this test: other specs sign in as the bootstrap admin, and a lockout of that email would fail them.
test("an admin resets a locked-out member's password: the member's open session ends and the new temporary password signs in at once", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const email = `rita-${Date.now()}@example.com`;
  const temporary = await addMember(admin, { name: "Rita Reset", email, role: "OPERATOR" });
  await admin.getByRole("button", { name: "I handed it over" }).click();
  await expect(admin.getByRole("row").filter({ hasText: ADMIN.email }).getByRole("button", { name: /^Reset password/ })).toHaveCount(0);

  const session = await (await browser.newContext()).newPage();
  await signIn(session, email, temporary);

  // Five wrong passwords on the sign-in page lock the email, the right password included.
  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  for (let attempt = 1; attempt <= 5; attempt++) await trySignIn(page, email, `wrong-password-${attempt}`);
  await expect(page.getByTestId("login-error")).toHaveText("Too many failed sign-ins for this email. Try again in 15 minutes.");
  await trySignIn(page, email, temporary);
  await expect(page.getByTestId("login-error")).toContainText("Too many failed sign-ins for this email.");

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

  await session.reload();
  await expect(session).toHaveURL(/\/login$/);

  await signIn(page, email, reset);
  await expect(page.getByTestId("user-role")).toHaveText("Operator");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await trySignIn(page, email, temporary);
  await expect(page.getByTestId("login-error")).toHaveText("Wrong email or password.");
});
