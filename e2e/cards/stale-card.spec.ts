import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { cardholder, headers } from "./setup";

test("freezing a card someone else closed meanwhile says so beside the card, now shown CLOSED", async ({ page, request }) => {
  const { customerId, accountId } = await cardholder(request, `Stale ${Date.now()} Card`);
  const created = await request.post(`${API}/cards`, { headers, data: { cardholderId: customerId, form: "VIRTUAL", fundingSources: [accountId], maxSpendPerTransaction: 5000 } });
  expect(created.status(), await created.text()).toBe(201);
  const cardId = (await created.json()).id as string;
  await signIn(page);
  await page.goto(`/cards/${encodeURIComponent(cardId)}`);
  await expect(page.getByRole("button", { name: "Freeze" })).toBeVisible();

  // Closed elsewhere (another admin, or the platform's backend) while this page stays open.
  expect((await request.patch(`${API}/cards/${encodeURIComponent(cardId)}`, { headers, data: { state: "CLOSED" } })).status()).toBe(200);
  await page.getByRole("button", { name: "Freeze" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Freeze card" }).click();

  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("card-state-error")).toBeVisible();
  await expect(page.getByTestId("card-state-error")).toContainText("is closed");
  await expect(page.getByText(/^CLOSED/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Freeze" })).toHaveCount(0);
  expect((await (await request.get(`${API}/cards/${encodeURIComponent(cardId)}`, { headers })).json()).state).toBe("CLOSED");
});
