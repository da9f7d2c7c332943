import { expect, test } from "@playwright/test";
import { signIn } from "../support";

test("an individual created with the end-user terms accepted shows on its page with its PENDING accounts", async ({ page }) => {
  const stamp = Date.now();
  const name = `Ada Lovelace ${stamp}`;
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Customers" }).click();
  await page.getByRole("link", { name: "New customer" }).click();
  await expect(page.getByRole("heading", { name: "New customer", level: 1 })).toBeVisible();

  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Date of birth").fill("1990-01-31");
  await page.getByLabel("Address line 1").fill("1 Main St");
  await page.getByLabel("City").fill("Springfield");
  await page.getByLabel("Postal code").fill("62701");
  await page.getByLabel("Country", { exact: true }).fill("US");
  await page.getByLabel("Your customer ID").fill(`ada-${stamp}`);
  await page.getByLabel("USD", { exact: true }).check();
  await page.getByRole("checkbox", { name: /The customer accepted the/ }).check();
  await page.getByRole("button", { name: "Create customer" }).click();

  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId("customer-verification")).toHaveText("KYC Unverified");
  await expect(page.getByTestId("customer-platform-id")).toHaveText(`ada-${stamp}`);
  const accounts = page.getByRole("table", { name: "Internal accounts" });
  const usd = accounts.getByRole("row").filter({ hasText: "USD · Fiat" });
  await expect(usd).toContainText("PENDING");
  await expect(usd.getByTestId("account-available")).toHaveText("$0.00");
  await expect(page.getByTestId("pending-accounts-notice")).toContainText("KYC/KYB is approved");
  await expect(page.getByRole("table", { name: "Agreement consents" })).toContainText("End-user terms of service");

  // The list finds it by your own customer id.
  await page.goto(`/customers?q=ada-${stamp}`);
  await expect(page.getByRole("table", { name: "Customers" }).getByRole("row")).toHaveCount(2); // header + the one customer
  await expect(page.getByRole("table", { name: "Customers" })).toContainText(name);
});

test("an individual with every field blank is not created: the full name is required, said beside the field", async ({ page }) => {
  await signIn(page);
  await page.goto("/customers/new");
  await page.getByRole("button", { name: "Create customer" }).click();

  await expect(page.getByTestId("field-error-fullName")).toHaveText("is required");
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("customer-form-error")).toContainText("Some fields need attention");
  await expect(page).toHaveURL(/\/customers\/new$/);

  // Spaces are not a name either; a real one creates the customer.
  await page.getByLabel("Full name").fill("   ");
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByTestId("field-error-fullName")).toHaveText("is required");
  const name = `Grace Hopper ${Date.now()}`;
  await page.getByLabel("Full name").fill(name);
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});

test("a business without a legal name shows the API's error beside the field and is not created", async ({ page }) => {
  await signIn(page);
  await page.goto("/customers/new");
  await page.getByRole("radio", { name: "Business" }).click();
  await page.getByLabel("Country of incorporation").fill("US");
  await page.getByRole("button", { name: "Create customer" }).click();

  await expect(page.getByTestId("field-error-businessInfo.legalName")).toHaveText("is required");
  await expect(page.getByLabel("Legal name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("customer-form-error")).toContainText("Some fields need attention");
  await expect(page).toHaveURL(/\/customers\/new$/);

  // Fixing the field creates the business.
  await page.getByLabel("Legal name").fill(`Acme ${Date.now()}`);
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByTestId("customer-verification")).toHaveText("KYB Unverified");
});

test("deleting a customer asks first, then marks it deleted", async ({ page }) => {
  const name = `Delete Me ${Date.now()}`;
  await signIn(page);
  await page.goto("/customers/new");
  await page.getByLabel("Full name").fill(name);
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete “${name}”?` });
  await dialog.getByRole("button", { name: "Delete customer" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("This customer was deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
});

test("editing a customer shows the API's field errors beside the fields, then saves", async ({ page }) => {
  const name = `Edit Me ${Date.now()}`;
  await signIn(page);
  await page.goto("/customers/new");
  await page.getByLabel("Full name").fill(name);
  await page.getByRole("button", { name: "Create customer" }).click();
  await page.getByRole("link", { name: "Edit" }).click();

  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Postal code").fill("94105");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("field-error-email")).toBeVisible();
  await expect(page.getByTestId("field-error-address.line1")).toBeVisible(); // an address needs line1 and country

  await page.getByLabel("Email").fill("edit.me@example.com");
  await page.getByLabel("Address line 1").fill("2 Market St");
  await page.getByLabel("Country", { exact: true }).fill("US");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("edit.me@example.com")).toBeVisible();
  await expect(page.getByText("2 Market St")).toBeVisible();
});

test("a CSV import shows the job's progress, the rows that failed and the customers created", async ({ page }) => {
  const stamp = Date.now();
  const csv = [
    "platformCustomerId,customerType,umaAddress,fullName,birthDate,businessLegalName,addressLine1,city,state,postalCode,country,currencies",
    `csv-ok-${stamp},INDIVIDUAL,$csvok${stamp}@example.com,Row One,1990-01-31,,1 Main St,Springfield,IL,62701,US,USD`,
    `csv-bad-${stamp},INDIVIDUAL,$csvbad${stamp}@example.com,,1990-01-31,,1 Main St,Springfield,IL,62701,USA,USD`,
  ].join("\n");
  await signIn(page);
  await page.goto("/customers");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await page.getByLabel("CSV file").setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and import" }).click();

  await expect(page).toHaveURL(/jobId=/);
  await expect(page.getByTestId("bulk-job-counts")).toHaveText("2 of 2 rows processed · 1 created · 1 failed");
  const failed = page.getByRole("table", { name: "Rows that failed" }).getByRole("row").filter({ hasText: `csv-bad-${stamp}` });
  await expect(failed).toContainText("fullName: is required");
  await page.getByRole("link", { name: `csv-ok-${stamp}` }).click();
  await expect(page.getByRole("heading", { name: "Row One", level: 1 })).toBeVisible();
});

test("a form used before its page's scripts have run takes no typing and does not submit; once ready, what is typed is what is sent", async ({ page }) => {
  await signIn(page);
  // A slow connection: the form shows before its scripts have arrived.
  let deliverScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (deliverScripts = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const pageLoads: string[] = [];
  page.on("request", (request) => request.isNavigationRequest() && pageLoads.push(request.url()));
  await page.goto("/customers/new", { waitUntil: "commit" });
  const fullName = page.getByLabel("Full name");
  const create = page.getByRole("button", { name: "Create customer" });
  await expect(create).toBeDisabled();
  await expect(fullName).not.toBeEditable();
  // Typed now, the text would show but never reach the form's state, and the customer would be created without it.
  await fullName.focus();
  await page.keyboard.type("Too Early");
  await expect(fullName).toHaveValue("");
  await page.keyboard.press("Enter"); // a native submit would reload the page
  deliverScripts();

  await expect(create).toBeEnabled();
  const name = `Hedy Lamarr ${Date.now()}`;
  await fullName.fill(name);
  await create.click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  expect(pageLoads.filter((url) => url.includes("/customers/new"))).toHaveLength(1); // never reloaded by a native submit
});
