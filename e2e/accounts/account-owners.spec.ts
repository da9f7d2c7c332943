import { expect, test } from "@playwright/test";
import { pickCustomer, signIn } from "../support";
import { cardholder } from "../cards/setup";

test("customer accounts name their owner, linking to the customer, and are filtered by picking the customer by name", async ({ page, request }) => {
  const run = Date.now().toString(36);
  const name = `Owner ${run} Named`;
  const { customerId } = await cardholder(request, name, `owner-${run}`);
  const customerHref = `/customers/${encodeURIComponent(customerId)}`;

  await signIn(page);
  await page.goto("/accounts");
  // The filter is the customer picker Transactions has: type a name, pick, apply.
  await pickCustomer(page, "Customer", name, customerId);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("customerId") === customerId);
  await expect(page.getByRole("combobox", { name: "Customer" })).toHaveValue(`${name} (owner-${run})`);

  const table = page.getByRole("table", { name: "Internal accounts" }).last();
  const row = table.getByRole("row").filter({ hasText: "USD · Fiat" });
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", customerHref);
  await expect(table.getByText(customerId)).toHaveCount(0); // no raw Customer:<uuid> as the owner

  // The account's own page names the owner too.
  await row.getByRole("link", { name: /USD · Fiat/ }).click();
  await expect(page.getByRole("heading", { name: "USD account", level: 1 })).toBeVisible();
  const owner = page.getByTestId("account-owner");
  await expect(owner.getByRole("link", { name })).toHaveAttribute("href", customerHref);
  await expect(page.getByRole("link", { name: `← ${name}` })).toHaveAttribute("href", customerHref);
});
