import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { API, signIn } from "../support";
import { headers } from "../cards/setup";

async function createCustomer(request: APIRequestContext, fullName: string, platformCustomerId: string): Promise<string> {
  const created = await request.post(`${API}/customers`, { headers, data: { customerType: "INDIVIDUAL", fullName, platformCustomerId, currencies: ["USD"] } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id as string;
}

/** The right edge of a column's header, in the page's coordinates. */
async function rightEdge(page: Page, column: string): Promise<number> {
  const box = await page.getByRole("table", { name: "Customers" }).getByRole("columnheader", { name: column }).boundingBox();
  expect(box, column).toBeTruthy();
  return box!.x + box!.width;
}

test("a customer with a 161-character id of yours leaves Type, Verification, Currencies and Created on screen at 1280px", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const run = Date.now().toString(36);
  const longId = `a-very-long-platform-customer-identifier-${run}-`.padEnd(161, "x");
  await createCustomer(request, `Maximiliana Featherstonehaugh ${run}`, longId);

  await signIn(page);
  await page.goto("/customers");
  const table = page.getByRole("table", { name: "Customers" });
  const row = table.getByRole("row").filter({ hasText: `Maximiliana Featherstonehaugh ${run}` });
  await expect(row).toBeVisible();
  for (const column of ["Type", "Verification", "Currencies", "Created"]) expect(await rightEdge(page, column), column).toBeLessThanOrEqual(1280);
  // The table fits its card: nothing to scroll sideways.
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  // The id is cut on screen and whole in its tooltip.
  const id = row.getByTestId("platform-customer-id");
  await expect(id).toHaveAttribute("title", longId);
  expect((await id.boundingBox())!.width).toBeLessThan(400);
});

test("the search box finds a customer by part of the name, part of your id and part of the Customer: id", async ({ page, request }) => {
  const run = Date.now().toString(36);
  const name = `Alice ${run} Liddell`;
  const customerId = await createCustomer(request, name, `wonderland-${run}`);
  await createCustomer(request, `Bob ${run} Builder`, `builder-${run}`);

  await signIn(page);
  await page.goto("/customers");
  const search = page.getByLabel("Search");
  const table = page.getByRole("table", { name: "Customers" });
  const find = async (text: string) => {
    await search.fill(text);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === text);
  };

  await find(`alice ${run}`);
  await expect(table.getByRole("row")).toHaveCount(2); // the header and Alice
  await expect(table.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", `/customers/${encodeURIComponent(customerId)}`);
  await expect(page.getByText("1 customer matches.")).toBeVisible();

  await find(`nderland-${run}`);
  await expect(table.getByRole("row").filter({ hasText: name })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);

  await find(customerId.slice(0, -4).slice(-14)); // part of the uuid
  await expect(table.getByRole("row").filter({ hasText: name })).toBeVisible();

  await find(`zebra-${run}`);
  await expect(page.getByText(`No customers match “zebra-${run}”.`).first()).toBeVisible();

  // A whole Customer: id still opens the customer.
  await search.fill(customerId);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});
