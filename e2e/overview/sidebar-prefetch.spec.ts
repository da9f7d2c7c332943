import { expect, test, type Page, type Request } from "@playwright/test";
import { signIn } from "../support";

/** The sidebar's pages; none is fetched unless clicked (prefetch={false} in sidebar-nav.tsx). */
const SIDEBAR = ["/", "/customers", "/invitations", "/accounts", "/quotes", "/transactions", "/cards", "/agents", "/webhooks", "/api-tokens", "/api-reference", "/sandbox", "/team", "/settings"];

/** Records every React Server Component request (a page render on the server) the page makes. */
function recordRscRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_rsc") || request.headers()["rsc"] === "1") paths.push(url.pathname);
  });
  return paths;
}

test("opening a page and refreshing it after an action renders that page only, not every sidebar page", async ({ page }) => {
  await signIn(page);
  const rsc = recordRscRequests(page);
  // The overview's Next steps are links too: not fetched either until clicked.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect.soft(rsc, "pages prefetched by the overview").toEqual([]);

  rsc.length = 0;
  await page.goto("/stablecoins");
  await expect(page.getByRole("heading", { name: "Stablecoins", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect.soft(rsc.filter((path) => SIDEBAR.includes(path)), "sidebar pages prefetched on load").toEqual([]);

  // An action that ends in router.refresh() (components/use-action.ts), as every live tick of this page
  // does: linking the provider account (linking the same credentials again refreshes the one link).
  rsc.length = 0;
  const linkForm = page.getByRole("form", { name: "Link a provider account" });
  await linkForm.getByLabel("API client id").fill("e2e-brale-client");
  await linkForm.getByLabel("API client secret").fill("e2e-secret-value");
  await linkForm.getByRole("button", { name: "Link BRALE account" }).click();
  await expect(page.getByRole("table", { name: "Provider links" }).getByText("ACTIVE").first()).toBeVisible();
  await expect.poll(() => rsc.filter((path) => path === "/stablecoins").length, { message: "the refresh renders the page" }).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1_500); // a prefetch wave follows a refresh within a few hundred ms when there is one
  expect(rsc.filter((path) => path !== "/stablecoins"), "other pages the refresh fetched").toEqual([]);

  // A click still opens the page it names.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
});
