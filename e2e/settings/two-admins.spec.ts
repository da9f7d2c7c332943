import { expect, test, type Browser, type Page } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };

async function settingsAsAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page);
  await page.goto("/settings");
  return page;
}

// The wallet's names as they were, for the specs that run after this one.
let before: { appName?: string; sendFromEmailSenderName?: string } = {};
test.beforeEach(async ({ request }) => {
  before = (await (await request.get(`${API}/config`, { headers })).json()).embeddedWalletConfig;
});
test.afterEach(async ({ request }) => {
  const data = { embeddedWalletConfig: { appName: before.appName ?? "Sandbox Platform", sendFromEmailSenderName: before.sendFromEmailSenderName ?? "Sandbox" } };
  expect((await request.patch(`${API}/config`, { headers, data })).status()).toBe(200);
});

test("two admins with Settings open: the second save keeps the first one's change, and the same field is refused, not overwritten", async ({ browser, request }) => {
  const first = await settingsAsAdmin(browser);
  const second = await settingsAsAdmin(browser);

  await first.getByLabel("App name").fill("Alpha App");
  await first.getByRole("button", { name: "Save settings" }).click();
  await expect(first.getByTestId("settings-saved")).toBeVisible();

  // The second admin's page still shows the old app name; they change another field.
  await second.getByLabel("Sender name").fill("Bravo Sender");
  await second.getByRole("button", { name: "Save settings" }).click();
  await expect(second.getByTestId("settings-saved")).toBeVisible();
  await expect(second.getByLabel("App name")).toHaveValue("Alpha App");
  let wallet = (await (await request.get(`${API}/config`, { headers })).json()).embeddedWalletConfig;
  expect([wallet.appName, wallet.sendFromEmailSenderName]).toEqual(["Alpha App", "Bravo Sender"]);

  // Now the first admin, whose page is stale in turn, changes the sender name too.
  await first.getByLabel("Sender name").fill("Alpha Sender");
  await first.getByRole("button", { name: "Save settings" }).click();
  await expect(first.getByTestId("settings-error")).toHaveText(/Someone else changed this since you opened the page, so nothing was saved\. Reload the page/);
  await expect(first.getByLabel("Sender name")).toHaveValue("Alpha Sender"); // what they typed stays
  wallet = (await (await request.get(`${API}/config`, { headers })).json()).embeddedWalletConfig;
  expect(wallet.sendFromEmailSenderName).toBe("Bravo Sender");
});
