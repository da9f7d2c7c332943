import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { cardholder, headers } from "../cards/setup";

test("customers' external accounts name the owner and keep the Delete button on screen at 1280px", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const run = Date.now().toString(36);
  const name = `Payee ${run} Owner`;
  const { customerId } = await cardholder(request, name, `payee-${run}`);
  const accountInfo = {
    accountType: "USD_ACCOUNT",
    accountNumber: `${Date.now()}`.slice(-9) + "000",
    routingNumber: "021000021",
    bankAccountType: "CHECKING",
    beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: name, address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" } },
  };
  const created = await request.post(`${API}/customers/external-accounts`, { headers, data: { currency: "USD", customerId, accountInfo } });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page);
  await page.goto("/accounts/external");
  const table = page.getByRole("table", { name: "External accounts" }).first();
  const row = table.getByRole("row").filter({ has: page.getByRole("link", { name }) });
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", `/customers/${encodeURIComponent(customerId)}`);
  await expect(table.getByText(customerId)).toHaveCount(0);
  const remove = row.getByRole("button", { name: /Delete external account/ });
  await expect(remove).toBeVisible();
  const box = (await remove.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
});
