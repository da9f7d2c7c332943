import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { cardholder, headers } from "./setup";

test("the simulator lists card transactions with their amount as money ($12.50), not minor units (1250)", async ({ page, request }) => {
  const { customerId, accountId } = await cardholder(request, `Sim Amount ${Date.now()}`);
  const created = await request.post(`${API}/cards`, { headers, data: { cardholderId: customerId, form: "VIRTUAL", fundingSources: [accountId], platformCardId: `sim-${Date.now()}-x` } });
  expect(created.status(), await created.text()).toBe(201);
  const cardId = (await created.json()).id as string;

  await signIn(page);
  await page.goto(`/cards/${encodeURIComponent(cardId)}`);
  await page.getByLabel("Simulation").selectOption({ label: "Authorize a purchase" });
  await page.getByLabel("Merchant").fill("Blue Bottle");
  await page.getByLabel("Amount (USD)").fill("12.50");
  await page.getByRole("button", { name: "Send to the card" }).click();
  await expect(page.getByTestId("simulation-done")).toBeVisible();

  await page.getByLabel("Simulation").selectOption({ label: "Clear an authorization (0 expires it)" });
  await expect(page.getByLabel("Card transaction").getByRole("option", { name: "Blue Bottle · DEBIT · AUTHORIZED · $12.50" })).toHaveCount(1);
});
