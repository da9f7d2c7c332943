import { expect, test } from "@playwright/test";
import { API, signInAsNewMember } from "../support";
import { headers } from "../quotes/setup";

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

// An operator may mint and burn (TRANSACT) but not link providers or register coins (MANAGE).
// Before, the page offered an operator every stablecoin form, and linking or registering failed with 403.
test("an operator is offered mint and burn, but not linking a provider, registering a coin or the link's sandbox controls", async ({ browser, request }) => {
  const linked = await request.post(`${API}/stablecoin-provider-accounts`, {
    headers: { ...headers, "idempotency-key": `operator-link-${run}` },
    data: { provider: "BRALE", apiClientId: "e2e-brale-client", apiClientSecret: "e2e-secret-value" },
  });
  expect(linked.status(), await linked.text()).toBeLessThan(300);
  const linkId = (await linked.json()).id as string;
  const registered = await request.post(`${API}/stablecoins`, {
    headers: { ...headers, "idempotency-key": `operator-coin-${run}` },
    data: { providerTokenIdentifier: `e2e-op-${run}`, networkTokenIdentifier: `btkn1op${run}`, network: "SPARK", stablecoinProviderAccountId: linkId },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  const page = await signInAsNewMember(browser, { name: "Olivia Operator", role: "OPERATOR" });

  await page.goto("/stablecoins");
  await expect(page.getByRole("heading", { name: "Stablecoins", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Operation", { exact: true })).toBeVisible(); // not the coin tabs, "Operations of", once there are two coins
  await expect(page.getByLabel("Amount", { exact: true })).toBeVisible();
  await expect(page.getByLabel("API client id")).toHaveCount(0);
  await expect(page.getByLabel("Provider token id")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Revoke" })).toHaveCount(0);
});
