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
