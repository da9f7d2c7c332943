import { expect, test } from "@playwright/test";
import { signIn } from "../support";

// A detail page's id that is not an id of its kind is a page that does not exist: before, a word
// such as "approvals" was sent to the API as the id and fetched another route (500 on the agent page).
test("detail pages answer 404 to words and other kinds of id, not an error, inside the dashboard with a way back", async ({ page }) => {
  await signIn(page);
  for (const path of ["/agents/approvals", "/customers/internal-accounts", "/customers/bulk/edit", "/transactions/Card%3A019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "/accounts/external-accounts", "/webhooks/events/nope", "/quotes/latest"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId("not-found"), path).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the overview" }), path).toHaveAttribute("href", "/");
    await expect(page.getByRole("navigation", { name: "Dashboard" }).first(), path).toBeAttached(); // the sidebar is still there
  }
  // A well-formed id of the right kind that does not exist is a 404 too (the API's answer).
  expect((await page.goto("/agents/Agent%3A019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"))?.status()).toBe(404);
});

test("an unknown customer, card, quote, transaction or account says what was not found and leads back to its list", async ({ page }) => {
  await signIn(page);
  const uuid = "00000000-0000-7000-8000-000000000000";
  const cases: [path: string, title: string, id: string, list: string][] = [
    [`/customers/Customer:${uuid}`, "Customer not found", `Customer:${uuid}`, "Customers"],
    [`/cards/Card:${uuid}`, "Card not found", `Card:${uuid}`, "Cards"],
    [`/quotes/Quote:${uuid}`, "Quote not found", `Quote:${uuid}`, "Quotes"],
    [`/transactions/Transaction:${uuid}`, "Transaction not found", `Transaction:${uuid}`, "Transactions"],
    [`/accounts/InternalAccount:${uuid}`, "Account not found", `InternalAccount:${uuid}`, "Accounts"],
  ];
  for (const [path, title, id, list] of cases) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByTestId("not-found")).toContainText(`has the id ${id}`);
    await expect(page.getByRole("link", { name: `Back to ${list}` })).toHaveAttribute("href", `/${path.split("/")[1]}`);
  }
  await page.getByRole("link", { name: "Back to Accounts" }).click();
  await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
});

// Next threw on a path whose percent-escapes do not decode and answered 500 (a server fault) to a mistyped link.
test("an address with a malformed percent-escape is a bad request, not a server error, with a link home", async ({ request, page }) => {
  for (const path of ["/cards/%E0%A4%A", "/customers/%", "/transactions/abc%zz"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(await response.text()).toContain("malformed percent-escape");
  }
  await page.goto("/customers/%E0%A4%A");
  await expect(page.getByRole("heading", { name: "Bad request" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute("href", "/");
});

test("an address that matches no page answers 404 with a page of ours: a heading, a main landmark and a way to the dashboard", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("main").getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the dashboard" })).toBeVisible(); // signed out: the dashboard asks to sign in first
});
