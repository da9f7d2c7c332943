import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "../support";

test("a wrong password shows an error and stays on the sign-in page", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the right password lands on the overview with the platform, user and role", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("platform-name")).toHaveText("Sandbox Platform");
  await expect(page.getByText(ADMIN.email)).toBeVisible();
  await expect(page.getByTestId("user-role")).toHaveText("Admin");
  await expect(page.getByTestId("api-base-url")).toHaveText(`http://localhost:${process.env.E2E_PORT ?? 3100}/api/2025-10-13`);
});

test("signing out returns to the sign-in page and the dashboard is closed again", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login(\?next=[^&]*)?$/);
});

test("a dashboard URL while signed out redirects to sign-in", async ({ page }) => {
  await page.goto("/api-tokens");
  await expect(page).toHaveURL(/\/login\?next=%2Fapi-tokens$/);
  await expect(page.getByRole("heading", { name: "Sign in to the dashboard" })).toBeVisible();
});

test("a sign-in sent before the page's scripts have run never puts the password in an address, and goes through once they have", async ({ page }) => {
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  // A slow connection: the form shows, and its scripts arrive only after the user pressed Enter.
  let deliverScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (deliverScripts = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/login", { waitUntil: "commit" });
  const signInButton = page.getByRole("button", { name: "Sign in" });
  await expect(signInButton).toBeDisabled(); // not ready: the scripts have not run
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByLabel("Password").press("Enter");
  deliverScripts();

  // Once ready, the typed credentials are still there and the same form signs in.
  await signInButton.click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  // A native submit would have sent them as a GET's query (history, proxies, server logs).
  expect(addresses.filter((address) => address.includes(encodeURIComponent(ADMIN.password)) || address.includes("password="))).toEqual([]);
});
