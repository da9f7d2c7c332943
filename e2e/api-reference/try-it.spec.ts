import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";

/** The tags of the API's own document, in its order, with their operations' summaries. */
async function documentedTags(request: import("@playwright/test").APIRequestContext): Promise<Map<string, string[]>> {
  const document = (await (await request.get(`${API}/openapi.json`)).json()) as { paths: Record<string, Record<string, { summary?: string; operationId: string; tags?: string[] }>> };
  const tags = new Map<string, string[]>();
  for (const item of Object.values(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const tag = op.tags?.[0] ?? "Other";
      tags.set(tag, [...(tags.get(tag) ?? []), op.summary ?? op.operationId]);
    }
  }
  return tags;
}

test("the overview lists every tag of the API with its operations, each tag linking to a page of its own", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference");
  await expect(page.getByRole("heading", { name: "Base URL and authentication" })).toBeVisible();
  // The operations themselves are on the tag pages: none is written out here.
  await expect(page.locator("[id^='op-']")).toHaveCount(0);

  const tags = await documentedTags(page.request);
  expect(tags.size).toBeGreaterThan(10);
  const index = page.getByRole("region", { name: "Operations", exact: true });
  for (const [tag, summaries] of tags) {
    const group = index.getByRole("region", { name: tag, exact: true });
    await expect(group.getByRole("listitem")).toHaveText(summaries.map((s) => new RegExp(`(GET|POST|PUT|PATCH|DELETE)\\s*${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)));
    const href = await group.getByRole("link", { name: tag, exact: true }).getAttribute("href");
    expect(href).toMatch(/^\/api-reference\/[a-z0-9-]+$/);
    // Each tag's page answers with that tag's operations.
    const tagPage = await page.request.get(href!);
    expect(tagPage.status(), href!).toBe(200);
    const html = await tagPage.text();
    expect(html).toContain(`>${tag}</h1>`);
    expect(html.match(/<article id="op-/g)?.length, href!).toBe(summaries.length);
  }

  await index.getByRole("region", { name: "API Tokens", exact: true }).getByRole("link", { name: "API Tokens", exact: true }).click();
  await expect(page).toHaveURL(/\/api-reference\/api-tokens$/);
  await expect(page.getByRole("heading", { name: "API Tokens", level: 1 })).toBeVisible();
  await expect(page.locator("article[id^='op-']")).toHaveCount(tags.get("API Tokens")!.length);
});

test("an operation in the overview's index opens its tag's page at that operation", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference");
  await page.getByRole("region", { name: "Sandbox", exact: true }).getByRole("link", { name: /Simulate a credit authorization advice$/ }).click();
  await expect(page).toHaveURL(/\/api-reference\/sandbox#op-sandboxSimulateCardCreditAuthorizationAdvice$/);
  await expect(page.locator("#op-sandboxSimulateCardCreditAuthorizationAdvice")).toBeInViewport();
});

test("a tag's page documents each of its operations and Try it calls the API as the signed-in user", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference/platform-configuration");
  await expect(page.getByRole("heading", { name: "Platform Configuration", level: 1 })).toBeVisible();
  const operation = page.locator("#op-getPlatformConfig");
  await expect(operation.getByRole("heading", { name: "Get the platform configuration" })).toBeVisible();
  await expect(operation).toContainText("/config");
  await expect(operation).toContainText("webhookPublicKey");
  await expect(page.locator("#op-updatePlatformConfig")).toContainText("Update the platform configuration");

  await operation.getByRole("button", { name: "Send request" }).click();
  const response = page.getByTestId("try-it-response-getPlatformConfig");
  await expect(response).toContainText("200");
  await expect(response).toContainText('"supportedCurrencies"');
});

test("Try it shows the API's error envelope as it came", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference/api-tokens");
  const operation = page.locator("#op-getTokenById");
  await operation.getByLabel("tokenId * (path)").fill("Token:not-a-real-id");
  await operation.getByRole("button", { name: "Send request" }).click();
  const response = page.getByTestId("try-it-response-getTokenById");
  await expect(response).toContainText("404");
  await expect(response).toContainText('"code": "TOKEN_NOT_FOUND"');
});

test("a tag page's navigation lists every tag and operation; another tag's operation opens on its own page", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference/platform-configuration");
  const nav = page.getByRole("navigation", { name: "Operations" });
  await expect(nav.getByRole("link", { name: "Platform Configuration", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Sandbox", exact: true })).toHaveAttribute("href", "/api-reference/sandbox");
  await nav.getByRole("link", { name: /Revoke an API token$/ }).click();
  await expect(page).toHaveURL(/\/api-reference\/api-tokens#op-deleteTokenById$/);
  await expect(page.locator("#op-deleteTokenById")).toBeInViewport();
});

test("an old link into the one-page reference (/api-reference#op-…, #tag-…) lands on the operation on its tag's page", async ({ page }) => {
  await signIn(page);
  // The last operation of the longest tag page: landing at the top would not show it.
  await page.goto("/api-reference#op-sandboxSimulateCardCreditAuthorizationAdvice");
  await expect(page).toHaveURL(/\/api-reference\/sandbox#op-sandboxSimulateCardCreditAuthorizationAdvice$/);
  await expect(page.locator("#op-sandboxSimulateCardCreditAuthorizationAdvice")).toBeInViewport();
  await expect(page.locator("#op-sandboxSimulateCardCreditAuthorizationAdvice").getByRole("heading", { name: "Simulate a credit authorization advice" })).toBeVisible();

  await page.goto("/api-reference#tag-kyc-kyb-verifications");
  await expect(page).toHaveURL(/\/api-reference\/kyc-kyb-verifications$/);
  await expect(page.getByRole("heading", { name: "KYC/KYB Verifications", level: 1 })).toBeVisible();

  // Any other hash leaves the overview as it is.
  await page.goto("/api-reference#op-noSuchOperation");
  await expect(page.getByRole("heading", { name: "Base URL and authentication" })).toBeVisible();
  await expect(page).toHaveURL(/\/api-reference#op-noSuchOperation$/);
});

test("a schema shared by many operations has a page of its own, linked from where it is used, listing its fields and its operations", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference/platform-configuration");
  const operation = page.locator("#op-getPlatformConfig");
  // supportedCurrencies is a list of PlatformCurrencyConfig: linked, not written out under every operation again.
  await operation.getByRole("link", { name: "Show PlatformCurrencyConfig[] fields →" }).click();
  await expect(page).toHaveURL(/\/api-reference\/schemas\/PlatformCurrencyConfig$/);
  await expect(page.getByRole("heading", { name: "PlatformCurrencyConfig", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Fields" })).toContainText("currencyCode");

  // The operations that answer it lead back to their place in the reference.
  await page.getByRole("link", { name: /GET\s*\/config/ }).click();
  await expect(page).toHaveURL(/\/api-reference\/platform-configuration#op-getPlatformConfig$/);
  await expect(page.locator("#op-getPlatformConfig")).toBeInViewport();
});

test("a schema page's operation deep in a long tag page opens scrolled to it", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference/schemas/SandboxCardBalanceInquiryRequest");
  await page.getByRole("link", { name: /POST\s*\/sandbox\/cards\/\{id\}\/simulate\/balance_inquiry/ }).click();
  await expect(page).toHaveURL(/\/api-reference\/sandbox#op-sandboxSimulateCardBalanceInquiry$/);
  await expect(page.locator("#op-sandboxSimulateCardBalanceInquiry")).toBeInViewport();
});

test("a tag the API does not have is a page not found inside the dashboard", async ({ page }) => {
  await signIn(page);
  const response = await page.goto("/api-reference/no-such-tag");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "API reference page not found", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to API reference" }).click();
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
});

test("a schema the API does not define is a page not found inside the dashboard", async ({ page }) => {
  await signIn(page);
  await page.goto("/api-reference/schemas/NoSuchSchema");
  await expect(page.getByRole("heading", { name: "Schema not found", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to API reference" }).click();
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
});
