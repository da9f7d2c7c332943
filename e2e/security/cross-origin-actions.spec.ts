import { expect, test } from "@playwright/test";
import { signIn } from "../support";

test("a server action posted from another site is refused with 403 and a short message; the same post from the dashboard's origin works", async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto("/api-tokens");
  // The action id as the dashboard's own page sends it, which a forged cross-site post would copy.
  await page.getByLabel("Name").fill(`own ${Date.now()}`);
  const [created] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined),
    page.getByRole("button", { name: "Create token" }).click(),
  ]);
  const post = (origin: string, name: string) =>
    page.request.post("/api-tokens", {
      headers: { "next-action": created.headers()["next-action"]!, "content-type": "text/plain;charset=UTF-8", origin },
      data: JSON.stringify([{ name, permissions: ["VIEW"] }]),
    });

  const forged = await post("http://evil.example", "csrf-probe");
  expect(forged.status()).toBe(403);
  expect(forged.headers()["content-type"]).toContain("text/plain");
  expect(await forged.text()).toMatch(/^Cross-site request refused/);

  const own = await post(new URL(baseURL!).origin, "same-origin-replay");
  expect(own.status()).toBe(200);

  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "same-origin-replay" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "csrf-probe" })).toHaveCount(0);
});
