import { expect, test, type Page } from "@playwright/test";
import { API } from "../support";
import { endUserBrowser, headers, signInWithEmailCode, walletCustomer, walletLinkFromDashboard } from "./setup";

/** Minutes between a shown "HH:MM" and the browser's own clock now (in its zone), across midnight too. */
async function minutesFromLocalNow(page: Page, shown: string): Promise<number> {
  const [hours, minutes] = shown.split(":").map(Number) as [number, number];
  const now = await page.evaluate(() => new Date().toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" }));
  const [nowHours, nowMinutes] = now.split(":").map(Number) as [number, number];
  const apart = (((nowHours * 60 + nowMinutes - (hours * 60 + minutes)) % 1440) + 1440) % 1440;
  return Math.min(apart, 1440 - apart);
}

// Deadlines were shown on the user's clock, but past times as the platform stamped them: hours ahead on a sandbox clock.
test("past times on the wallet page (its activity, when a session signed in) are on the user's clock and zone, like its deadlines", async ({ page, browser, request }) => {
  test.setTimeout(60_000); // a customer, a wallet link and a sign-in, each a few server round trips
  // The platform's sandbox clock at least 2 h ahead of the user's.
  const advanced = await request.post(`${API}/sandbox/clock/advance`, { headers, data: { seconds: 2 * 3600 } });
  expect(advanced.status(), await advanced.text()).toBe(200);
  const customer = await walletCustomer(request); // funded just now: one activity row
  const link = await walletLinkFromDashboard(page, customer.customerId);
  const user = await endUserBrowser(browser, { locale: "en-GB", timezoneId: "Asia/Tokyo" });
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);

  // Just now on the user's clock (a second's network delay may put it "in less than a minute"), with no date: today.
  const ON_LOCAL_CLOCK = /^(\d{2}:\d{2}) GMT\+9 \((in less than a minute|less than a minute ago|\d+ min ago)\)$/;
  const funded = (await user.page.getByTestId("wallet-activity-time").first().textContent())!;
  expect(funded).toMatch(ON_LOCAL_CLOCK);
  expect(await minutesFromLocalNow(user.page, ON_LOCAL_CLOCK.exec(funded)![1]!)).toBeLessThanOrEqual(3);

  await user.page.getByTestId("wallet-sessions").getByRole("button", { name: "Revoke" }).click();
  const summary = user.page.getByTestId("approval-summary");
  await expect(summary).toContainText(/signed in as \S+ at \d{2}:\d{2} GMT\+9 \((in less than a minute|less than a minute ago|\d+ min ago)\)/);
  const signedIn = /at (\d{2}:\d{2}) GMT\+9/.exec((await summary.textContent())!)![1]!;
  expect(await minutesFromLocalNow(user.page, signedIn)).toBeLessThanOrEqual(3);
  await user.page.getByRole("button", { name: "Cancel" }).click();
  await user.context.close();
});
