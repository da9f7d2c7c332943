import { expect, test } from "@playwright/test";
import { signIn } from "../support";

// A detail page's id that is not an id of its kind is a page that does not exist: before, a word
// such as "approvals" was sent to the API as the id and fetched another route (500 on the agent page).
test("detail pages answer 404 to words and other kinds of id, not an error", async ({ page }) => {
  await signIn(page);
  for (const path of ["/agents/approvals", "/customers/internal-accounts", "/customers/bulk/edit", "/transactions/Card%3A019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "/accounts/external-accounts", "/webhooks/events/nope", "/quotes/latest"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
  }
  // A well-formed id of the right kind that does not exist is a 404 too (the API's answer).
  expect((await page.goto("/agents/Agent%3A019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"))?.status()).toBe(404);
});

// Next threw on a path whose percent-escapes do not decode and answered 500 (a server fault) to a mistyped link.
test("an address with a malformed percent-escape is a bad request, not a server error", async ({ request }) => {
  for (const path of ["/cards/%E0%A4%A", "/customers/%", "/transactions/abc%zz"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.text()).toContain("malformed percent-escape");
  }
});
