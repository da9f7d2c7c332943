import { expect, test } from "@playwright/test";
import { signIn } from "../support";

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone-wide window the header keeps Sign out on screen and a Menu button opens the navigation", async ({ page }) => {
  await signIn(page);

  const signOut = page.getByRole("button", { name: "Sign out" });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  const header = page.getByRole("banner");
  expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Transactions" }).click();

  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
});

test("on a phone-wide window the header shows the platform name whole, and a longer one can still be read", async ({ page }) => {
  await signIn(page);
  const name = page.getByTestId("platform-name");
  await expect(name).toHaveText("Sandbox Platform");
  // The environment badge sits under the name and the Menu button is an icon, so the name is not cut…
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(name).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("banner").getByText("Sandbox", { exact: true })).toBeInViewport({ ratio: 1 });
  // …and a name too long for the row is cut with an ellipsis: the title gives it whole on hover and to assistive technology,
  await expect(name).toHaveAttribute("title", "Sandbox Platform");
  // and the Menu panel spells it out.
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByTestId("mobile-nav-platform-name")).toHaveText("Sandbox Platform");
  await expect(page.getByTestId("mobile-nav-platform-name")).toBeInViewport({ ratio: 1 });
});
