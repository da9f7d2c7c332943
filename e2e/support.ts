import fs from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";

/** Seeded by the server's first start (BOOTSTRAP_* in playwright.config.ts). */
export const ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };
export const BOOTSTRAP_TOKEN = { clientId: "e2e-client", clientSecret: "e2e-secret" };
export const API = "/api/2025-10-13";

/**
 * The server's limit of failed sign-ins per client address (STAFF_SIGN_IN_IP_MAX_FAILURES) in this
 * suite. Every browser here signs in from 127.0.0.1, and the lockout specs alone fail some twenty
 * times within minutes; the default of 20 would lock the suite out of its own dashboard.
 */
export const E2E_SIGN_IN_IP_MAX_FAILURES = 50;

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

/**
 * Signs in with a password someone else set (a member just added, or reset, by an admin): the
 * dashboard first asks for a new password; chooses `newPassword` there and lands on the overview.
 */
export async function signInChoosingPassword(page: Page, email: string, temporaryPassword: string, newPassword: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(temporaryPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await choosePassword(page, temporaryPassword, newPassword);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
}

/**
 * A page, in its own browser context, signed in as a new team member with `role`: an admin adds
 * them, and they choose their own password at first sign-in.
 */
export async function signInAsNewMember(browser: Browser, member: { name: string; role: "ADMIN" | "OPERATOR" | "SUPPORT" }): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const first = member.name.split(" ")[0]!.toLowerCase();
  const email = `${first}-${Date.now()}@example.com`;
  const temporary = await addMember(admin, { ...member, email });
  await admin.context().close();
  const page = await (await browser.newContext()).newPage();
  await signInChoosingPassword(page, email, temporary, `${first}-member-password-1`);
  return page;
}

/** Fills the "Choose a new password" screen (the page must be on it) and submits it. */
export async function choosePassword(page: Page, temporaryPassword: string, newPassword: string, repeated = newPassword): Promise<void> {
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("Temporary password", { exact: true }).fill(temporaryPassword);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password", { exact: true }).fill(repeated);
  await page.getByRole("button", { name: "Save and continue" }).click();
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

/**
 * Calls a server action the way the browser does (POST to a page with `Next-Action`), as the page's
 * signed-in user, with any input, and answers the raw response body (React's flight format, which
 * carries the action's JSON answer). For proving what an action refuses whatever the UI shows.
 */
export async function callServerAction(page: Page, action: { file: string; name: string; path: string; input: unknown }): Promise<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.filename === action.file && entry.exportedName === action.name)?.[0];
  if (!id) throw new Error(`no server action ${action.name} in ${action.file} (run npm run build)`);
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(action.path, {
    headers: { "next-action": id, accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", origin },
    data: JSON.stringify([action.input]),
  });
  expect(response.status()).toBe(200);
  return response.text();
}
