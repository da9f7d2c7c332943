import { expect, test } from "@playwright/test";
import { signIn } from "../support";
import { walletCustomer, walletQuote } from "./setup";

/** The card read one page of 20 pending payments; 21 is the fewest that left one out. */
const WAITING = 21;

test("the wallet card lists every payment waiting for the end user's signature, the oldest past the newest 20 too", async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await walletCustomer(request);
  const quoteIds: string[] = [];
  for (let i = 0; i < WAITING; i += 1) quoteIds.push((await walletQuote(request, customer, 1_000_000)).id);

  await signIn(page);
  await page.goto(`/customers/${encodeURIComponent(customer.customerId)}`);
  const card = page.locator("section", { has: page.getByRole("heading", { name: "Embedded wallet" }) });
  const pending = card.getByTestId("wallet-card-pending");
  await expect(pending.getByRole("listitem")).toHaveCount(WAITING);
  const shown = await pending.locator("code").allTextContents();
  expect(new Set(shown).size).toBe(WAITING);
  expect([...shown].sort()).toEqual([...quoteIds].sort());
  // Newest first; the first quote, oldest, is there and has its link button.
  expect(shown[0]).toBe(quoteIds.at(-1));
  await expect(card.getByRole("button", { name: `Create approval link for ${quoteIds[0]}` })).toBeVisible();
  await expect(card.getByTestId("wallet-card-pending-more")).toHaveCount(0);
});
