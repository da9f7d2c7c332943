import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { cardholder, headers } from "./setup";

/** The cards list pages 20 at a time; 25 cards issued here fill page 1 and spill onto page 2. */
const ISSUED = 25;

test("the cards list pages past its first 20 cards: page 2 shows older cards, and First page returns to the newest", async ({ page, request }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const { customerId, accountId } = await cardholder(request, `Paging ${run} Holder`);
  const cardIds: string[] = [];
  for (let i = 0; i < ISSUED; i += 1) {
    // A platformCardId ending in a letter activates at once (BEHAVIORS.md §5 issuance suffixes).
    const created = await request.post(`${API}/cards`, { headers, data: { cardholderId: customerId, form: "VIRTUAL", fundingSources: [accountId], platformCardId: `pg-${run}-${i}-x` } });
    expect(created.status(), await created.text()).toBe(201);
    cardIds.push((await created.json()).id as string);
  }
  const newest = cardIds.at(-1)!;
  const oldest = cardIds[0]!;
  const cardLink = (id: string) => page.getByRole("table", { name: "Cards" }).locator(`a[href="/cards/${encodeURIComponent(id)}"]`);

  await signIn(page);
  await page.goto("/cards");
  const pager = page.getByRole("navigation", { name: "Card pages" });
  await expect(pager).toContainText("Page 1");
  await expect(cardLink(newest)).toBeVisible();
  await expect(cardLink(oldest)).toHaveCount(0);
  await expect(pager.getByRole("link", { name: "First page" })).toHaveCount(0);

  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/cards\?cursor=[^&]+&page=2$/);
  await expect(pager).toContainText("Page 2");
  await expect(cardLink(oldest)).toBeVisible();
  await expect(cardLink(newest)).toHaveCount(0);
  // The card transactions below page on their own and stayed on their first page.
  await expect(page.getByRole("navigation", { name: "Card transaction pages" }).getByText("Page 2")).toHaveCount(0);

  await pager.getByRole("link", { name: "First page" }).click();
  await expect(page).toHaveURL(/\/cards$/);
  await expect(pager).toContainText("Page 1");
  await expect(cardLink(newest)).toBeVisible();
  await expect(cardLink(oldest)).toHaveCount(0);
});
