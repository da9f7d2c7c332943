import { expect, test } from "@playwright/test";
import { signIn } from "../support";

test("a form whose request never reaches the dashboard keeps what was typed and says that pressing again creates it once; sent again, it goes through", async ({ page }) => {
  await signIn(page);
  await page.goto("/customers/new");
  const name = `Dorothy Vaughan ${Date.now()}`;
  await page.getByLabel("Full name").fill(name);

  // The connection drops: the form's server action gets no answer.
  const dropAction = (route: import("@playwright/test").Route) => (route.request().headers()["next-action"] ? route.abort("connectionreset") : route.fallback());
  await page.route("**/customers/new", dropAction);
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByTestId("customer-form-error")).toContainText("No answer came back, so this customer may already have been created. Press Create again with the same details: it is created only once.");
  await expect(page.getByLabel("Full name")).toHaveValue(name); // the form is still there, not an error page
  await expect(page.getByTestId("page-error")).toHaveCount(0);

  await page.unroute("**/customers/new", dropAction);
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});
