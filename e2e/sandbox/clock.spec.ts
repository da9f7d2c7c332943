import { expect, test } from "@playwright/test";
import { signIn } from "../support";

const SIX_MINUTES_MS = 6 * 60 * 1000;

test("advancing 6 minutes moves the platform clock forward by 6 minutes", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Sandbox" }).click();
  await expect(page.getByRole("heading", { name: "Sandbox", level: 1 })).toBeVisible();

  const clock = page.getByTestId("sandbox-clock");
  const readClock = async () => Date.parse((await clock.getAttribute("datetime"))!);
  const before = await readClock();

  await page.getByRole("button", { name: "6 min" }).click();
  await expect(page.getByTestId("advance-result")).toContainText("Moved forward 6 min.");
  // The clock also runs on in real time while the test works, so allow some seconds on top.
  await expect(async () => {
    const moved = (await readClock()) - before;
    expect(moved).toBeGreaterThanOrEqual(SIX_MINUTES_MS);
    expect(moved).toBeLessThan(SIX_MINUTES_MS + 30_000);
  }).toPass({ timeout: 5_000 });
});

test("an invalid custom advance shows the API's error beside the field", async ({ page }) => {
  await signIn(page);
  await page.goto("/sandbox");
  const seconds = page.getByLabel("Custom (seconds)");

  await seconds.fill("0");
  await page.getByRole("button", { name: "Advance", exact: true }).click();
  await expect(page.getByTestId("field-error-seconds")).toHaveText("must be at least 1");
  await expect(seconds).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("advance-result")).toHaveCount(0);

  await seconds.fill("1.5");
  await page.getByRole("button", { name: "Advance", exact: true }).click();
  await expect(page.getByTestId("field-error-seconds")).toHaveText("must be a whole number");

  await seconds.fill("30");
  await page.getByRole("button", { name: "Advance", exact: true }).click();
  await expect(page.getByTestId("advance-result")).toContainText("Moved forward 30 s.");
  await expect(page.getByTestId("field-error-seconds")).toHaveCount(0);
});
