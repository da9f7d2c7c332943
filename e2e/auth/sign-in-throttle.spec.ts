import { expect, test, type Browser } from "@playwright/test";
import { addMember, signIn, signInChoosingPassword, trySignIn } from "../support";

// Members made for these tests: other specs sign in as the bootstrap admin on the same server, and
// a lockout of that email would fail them.

/** A new operator added by the admin, who chose their own password, each in a browser of its own; answers its email and password. */
async function newMember(browser: Browser, name: string): Promise<{ email: string; password: string }> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin);
  const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
  const temporary = await addMember(admin, { name, email, role: "OPERATOR" });
  await context.close();
  const own = await browser.newContext();
  const password = `${name.toLowerCase()}-own-password`;
  await signInChoosingPassword(await own.newPage(), email, temporary, password);
  await own.close();
  return { email, password };
}

test("after 5 wrong passwords the sign-in page says the email is locked and for how long, and refuses the right password too", async ({ browser, page }) => {
  const member = await newMember(browser, "Lena");
  await page.goto("/login");
  const error = page.getByTestId("login-error");
  for (let attempt = 1; attempt <= 4; attempt++) {
    // Case does not matter: the count is per email.
    await trySignIn(page, attempt % 2 ? member.email : member.email.toUpperCase(), `wrong-password-${attempt}`);
    await expect(error).toHaveText("Wrong email or password.");
  }
  await trySignIn(page, member.email, "wrong-password-5");
  await expect(error).toHaveText("Too many failed sign-ins for this email. Try again in 15 minutes.");

  await trySignIn(page, member.email, member.password);
  await expect(error).toHaveText(/^Too many failed sign-ins for this email\. Try again in 1[45] minutes\.$/);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("wrong current passwords on the Team page count too: a signed-in session cannot guess the password there", async ({ browser, page }) => {
  const member = await newMember(browser, "Theo");
  await signIn(page, member.email, member.password);
  await page.goto("/team");
  await page.getByLabel("New password", { exact: true }).fill("theo-new-password-1");
  await page.getByLabel("Repeat the new password", { exact: true }).fill("theo-new-password-1");
  const submit = page.getByRole("button", { name: "Change password" });
  for (let attempt = 1; attempt <= 4; attempt++) {
    await page.getByLabel("Current password", { exact: true }).fill(`wrong-password-${attempt}`);
    await submit.click();
    await expect(page.getByTestId("change-password-error")).toHaveText("Your current password is not right. Nothing was changed.");
    await expect(submit).toBeEnabled();
  }
  await page.getByLabel("Current password", { exact: true }).fill("wrong-password-5");
  await submit.click();
  await expect(page.getByTestId("change-password-error")).toHaveText("Too many wrong passwords for your email. Try again in 15 minutes. Nothing was changed.");

  await page.getByLabel("Current password", { exact: true }).fill(member.password);
  await submit.click();
  await expect(page.getByTestId("change-password-error")).toContainText("Too many wrong passwords for your email.");

  // The same count holds on the sign-in page.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await trySignIn(page, member.email, member.password);
  await expect(page.getByTestId("login-error")).toContainText("Too many failed sign-ins for this email.");
});
