import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { headers } from "../quotes/setup";

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

// The mint form appears with the platform's first stablecoin: it names that coin at once, not after a reload.
// Files run in path order on one fresh server, and e2e/_first sorts before every other folder, so
// this runs before any spec registers a coin (e2e/accessibility does).
test("registering the platform's first stablecoin offers it to mint at once, named by its symbol", async ({ page, request }) => {
  const existing = (await (await request.get(`${API}/stablecoins?limit=1`, { headers })).json()).data as unknown[];
  expect(existing, "this spec must run before any other registers a stablecoin").toHaveLength(0);
  const linked = await request.post(`${API}/stablecoin-provider-accounts`, { headers: { ...headers, "idempotency-key": randomUUID() }, data: { provider: "BRALE", apiClientId: `e2e-first-${run}`, apiClientSecret: "e2e-secret-value" } });
  expect(linked.status(), await linked.text()).toBe(201);

  await signIn(page);
  await page.goto("/stablecoins");
  await expect(page.getByRole("button", { name: "Mint", exact: true })).toHaveCount(0);
  const token = `e2e-first-${run}`;
  await page.getByLabel("Provider token id").fill(token);
  await page.getByLabel("Spark token id").fill(`btkn1first${run}`);
  await page.getByLabel("Provider link", { exact: true }).selectOption((await linked.json()).id);
  await page.getByRole("button", { name: "Register stablecoin" }).click();
  await expect(page.getByRole("table", { name: "Registered stablecoins" }).getByText(token)).toBeVisible();
  const coin = ((await (await request.get(`${API}/stablecoins?limit=100`, { headers })).json()).data as { id: string; symbol: string; providerTokenIdentifier: string }[]).find((c) => c.providerTokenIdentifier === token)!;

  // No reload: the form already has the coin chosen and says its symbol.
  await expect(page.getByLabel("Stablecoin", { exact: true })).toHaveValue(coin.id);
  await expect(page.locator("#amount-hint")).toHaveText(`In ${coin.symbol}, to the cent (2.50): whole cents only, though the token has 6 decimals.`);
  const nothing = page.getByTestId("no-mint-destination");
  if (await nothing.count()) await expect(nothing).toContainText(`Minted ${coin.symbol} tokens go to an ACTIVE Spark wallet, or to a platform internal account in ${coin.symbol}.`);
});
