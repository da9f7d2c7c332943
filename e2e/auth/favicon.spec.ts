import { expect, test, type Request } from "@playwright/test";

test("the first load of /login asks the app for nothing that fails: the icon is served, /favicon.ico too", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const failed: string[] = [];
  const fromApp = (request: Request) => new URL(request.url()).origin === origin;
  page.on("requestfailed", (request) => void (fromApp(request) && failed.push(`${request.url()} ${request.failure()?.errorText}`)));
  page.on("response", (response) => void (fromApp(response.request()) && response.status() >= 400 && failed.push(`${response.url()} ${response.status()}`)));

  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(failed).toEqual([]);

  // The page points browsers at the brand icon, and the URL browsers try anyway answers an icon.
  const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  expect(icon).toBeTruthy();
  const svg = await page.request.get(icon!);
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
  const ico = await page.request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/^image\//);
});
