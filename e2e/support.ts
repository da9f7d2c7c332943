import { expect, type Page } from "@playwright/test";

/** Seeded by the server's first start (BOOTSTRAP_* in playwright.config.ts). */
export const ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };
export const BOOTSTRAP_TOKEN = { clientId: "e2e-client", clientSecret: "e2e-secret" };
export const API = "/api/2025-10-13";

export function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
}

/** Submits the login form and waits for next-auth's answer, so each attempt is counted before the next. */
export async function trySignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await answered;
}

/**
 * Picks a customer in a search-as-you-type customer picker (a combobox): types `search` (part of
 * a name, your customer ID or a `Customer:` id) and clicks the option showing `customerId`.
 */
export async function pickCustomer(page: Page, label: string, search: string, customerId: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label });
  await box.fill(search);
  await page.getByRole("listbox", { name: label }).getByRole("option", { name: customerId }).click();
  await expect(box).toHaveAttribute("aria-expanded", "false");
}

/** Adds a member on the Team page (signed in as an admin) and answers the temporary password shown once. */
export async function addMember(page: Page, member: { name: string; email: string; role: "ADMIN" | "OPERATOR" | "SUPPORT" }): Promise<string> {
  await page.goto("/team");
  await page.getByLabel("Name").fill(member.name);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Role", { exact: true }).selectOption(member.role);
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByTestId("created-member")).toContainText("shown only this once");
  return (await page.getByTestId("created-member-password").textContent())!.trim();
}
