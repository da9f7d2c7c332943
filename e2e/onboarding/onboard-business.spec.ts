import { expect, test, type Locator, type Page } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = Buffer.from("%PDF-1.4\n%sandbox\n");

/** Adds a beneficial owner through the card's form. */
async function addOwner(page: Page, owner: { lastName: string; roles: string[]; percent: string }) {
  await page.getByRole("button", { name: "Add owner", exact: true }).click(); // the card's button; hidden while a form is open
  const form = page.getByRole("form", { name: "Add beneficial owner" });
  for (const role of owner.roles) await form.getByRole("checkbox", { name: role }).check();
  await form.getByLabel("Ownership (%)").fill(owner.percent);
  await form.getByLabel("First name").fill("Pat");
  await form.getByLabel("Last name").fill(owner.lastName);
  await form.getByLabel("Date of birth").fill("1980-01-01");
  await form.getByLabel("Nationality").fill("US");
  await form.getByLabel("ID type").selectOption("SSN");
  await form.getByLabel("ID number").fill("111-22-3333");
  await form.getByLabel("Address line 1").fill("1 Main St");
  await form.getByLabel("City").fill("San Francisco");
  await form.getByLabel("Postal code").fill("94105");
  await form.getByLabel("Country", { exact: true }).fill("US");
  await form.getByRole("button", { name: "Add owner" }).click();
  await expect(form).toBeHidden();
}

/** Uploads one file through the "Upload a document" form and waits for its confirmation. */
async function upload(form: Locator, doc: { holder: string; type: string; side?: string; number?: string; file: { name: string; mimeType: string; buffer: Buffer } }) {
  await form.getByLabel("Whose document").selectOption({ label: doc.holder });
  await form.getByLabel("Document type").selectOption({ label: doc.type });
  await form.getByLabel("Side").selectOption({ label: doc.side ?? "Single-sided" });
  if (doc.number) {
    await form.getByLabel("Document number").fill(doc.number);
    await form.getByLabel("Issuing authority").fill("US State Dept");
  }
  await form.getByLabel("File").setInputFiles(doc.file);
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(form.getByTestId("upload-document-done")).toContainText(`(${doc.file.name}) uploaded.`);
}

test("a business with two beneficial owners and its documents is onboarded from its page and ends APPROVED", async ({ page }) => {
  test.setTimeout(90_000); // many steps, each a server round trip
  const stamp = Date.now();
  const name = `Acme Robotics ${stamp}`;
  await signIn(page);
  await page.goto("/customers/new");
  await page.getByRole("radio", { name: "Business" }).click();
  await page.getByLabel("Legal name").fill(name);
  await page.getByLabel("Country of incorporation").fill("US");
  await page.getByLabel("Registration number").fill(`REG-${stamp}-A77`); // sandbox: a suffix other than 001/002/003 approves
  await page.getByLabel("Tax ID").fill("12-3456789");
  await page.getByLabel("Incorporated on").fill("2015-03-01");
  await page.getByLabel("Address line 1").fill("2 Market St");
  await page.getByLabel("City").fill("San Francisco");
  await page.getByLabel("Postal code").fill("94105");
  await page.getByLabel("Country", { exact: true }).fill("US");
  await page.getByRole("checkbox", { name: /The customer accepted the/ }).check();
  await page.getByRole("button", { name: "Create customer" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId("customer-verification")).toHaveText("KYB Unverified");
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();

  // A first submission says, in words, what is missing.
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(page.getByTestId("latest-verification-status")).toHaveText("RESOLVE_ERRORS");
  const missing = page.getByTestId("verification-missing");
  await expect(missing).toContainText("Add every person who owns 25% or more of the business");
  await expect(missing).toContainText("Add the person who controls the business");
  await expect(missing).toContainText("Upload a document proving the business exists");
  await expect(missing).toContainText("Upload a proof of the business address");

  await addOwner(page, { lastName: "Founder", roles: ["Owner (UBO)", "Director"], percent: "60" });
  await addOwner(page, { lastName: "Chief", roles: ["Control person", "Company officer"], percent: "10" });
  const owners = page.getByRole("table", { name: "Beneficial owners" });
  await expect(owners.getByRole("row").filter({ hasText: "Pat Founder" })).toContainText("60%");

  // Edit: the API merges the change; the row shows it.
  await owners.getByRole("button", { name: "Edit Pat Chief" }).click();
  const edit = page.getByRole("form", { name: "Edit beneficial owner" });
  await expect(edit.getByLabel("Last name")).toHaveValue("Chief");
  await edit.getByLabel("Ownership (%)").fill("15");
  await edit.getByRole("button", { name: "Save owner" }).click();
  await expect(edit).toBeHidden();
  await expect(owners.getByRole("row").filter({ hasText: "Pat Chief" })).toContainText("15%");
  await expect(owners.getByRole("row").filter({ hasText: "Pat Chief" })).toContainText("Control person, Company officer");

  const form = page.getByRole("form", { name: "Upload document" });
  // The API's validation shows beside the file: a text file is not a PDF, JPEG or PNG.
  await form.getByLabel("Whose document").selectOption({ label: "Pat Founder (owner)" });
  await form.getByLabel("Document type").selectOption({ label: "Passport" });
  await form.getByLabel("File").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await form.getByRole("button", { name: "Upload" }).click();
  await expect(form.getByTestId("field-error-upload-document-file")).toContainText("must be a PDF, JPEG or PNG file");
  await expect(form.getByTestId("field-error-upload-document-documentNumber")).toContainText("is required for PASSPORT");

  const png = (fileName: string) => ({ name: fileName, mimeType: "image/png", buffer: PNG });
  const pdf = (fileName: string) => ({ name: fileName, mimeType: "application/pdf", buffer: PDF });
  await upload(form, { holder: "Pat Founder (owner)", type: "Passport", number: "X1234567", file: png("founder-passport.png") });
  await upload(form, { holder: "Pat Chief (owner)", type: "National ID card", side: "Front", number: "N-1", file: png("chief-front.png") });
  await upload(form, { holder: "Pat Chief (owner)", type: "National ID card", side: "Back", number: "N-1", file: png("chief-back.png") });
  const business = `${name} (the business)`;
  await upload(form, { holder: business, type: "Articles of incorporation", file: pdf("articles.pdf") });
  await upload(form, { holder: business, type: "State company registry", file: pdf("registry.pdf") });
  await upload(form, { holder: business, type: "Shareholder register", file: pdf("shareholders.pdf") });
  await upload(form, { holder: business, type: "Bank statement", file: pdf("statement.pdf") });
  await upload(form, { holder: business, type: "Other document", file: pdf("extra.pdf") });

  const documents = page.getByRole("table", { name: "Documents" });
  await expect(documents.getByRole("row")).toHaveCount(9); // header + 8
  // Review: the file opens as stored.
  const href = await documents.getByRole("link", { name: "Open founder-passport.png" }).getAttribute("href");
  const content = await page.request.get(href!);
  expect(content.status()).toBe(200);
  expect(content.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await content.body()).equals(PNG)).toBe(true);

  await expect(documents.getByRole("row").filter({ hasText: "extra.pdf" })).toContainText("Not submitted");
  // Not yet submitted: the extra document can still be deleted.
  await documents.getByRole("button", { name: "Delete extra.pdf" }).click();
  // Only the open dialog is visible (every ConfirmDialog shares one title id, so match by text).
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Delete this document?");
  await dialog.getByRole("button", { name: "Delete document" }).click();
  await expect(documents.getByRole("row")).toHaveCount(8);

  await page.getByRole("button", { name: "Submit for verification" }).click();
  await expect(page.getByTestId("latest-verification-status")).toHaveText("APPROVED");
  await expect(page.getByTestId("customer-verification")).toHaveText("KYB Approved");
  await expect(page.getByTestId("verification-missing")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit for verification" })).toHaveCount(0);
  await expect(owners.getByRole("row").filter({ hasText: "APPROVED" })).toHaveCount(2);
  const history = page.getByRole("table", { name: "Verification history" });
  await expect(history.getByRole("row")).toHaveCount(3); // header + APPROVED + RESOLVE_ERRORS
  // Submitted documents stay on file: replace, not delete.
  await expect(documents.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  await expect(documents.getByRole("row").filter({ hasText: "statement.pdf" })).toContainText("Submitted");
  await expect(documents.getByRole("button", { name: "Replace statement.pdf" })).toBeVisible();

  // Replace: a copy the sandbox review refuses (file name ending in LOW_QUALITY) is explained; a good one replaces it.
  await documents.getByRole("button", { name: "Replace statement.pdf" }).click();
  const replace = page.getByRole("form", { name: "Replace document" });
  await expect(replace.getByLabel("Document type")).toHaveValue("BANK_STATEMENT");
  await replace.getByLabel("File").setInputFiles(pdf("statement-LOW_QUALITY.pdf"));
  await replace.getByRole("button", { name: "Replace" }).click();
  await expect(replace.getByTestId("replace-document-error")).toContainText("too blurry or dark to read");
  await replace.getByLabel("File").setInputFiles(pdf("statement-2.pdf"));
  await replace.getByRole("button", { name: "Replace" }).click();
  await expect(replace).toBeHidden();
  await expect(documents.getByRole("row").filter({ hasText: "statement-2.pdf" })).toContainText("Bank statement");
  await expect(documents.getByRole("row")).toHaveCount(8);
  await expect(page.getByRole("table", { name: "Internal accounts" }).getByRole("row").filter({ hasText: "USD · Fiat" })).toContainText("ACTIVE");
});

test("the KYC link button creates a hosted verification link with a copy button", async ({ page, request }) => {
  const created = await request.post(`${API}/customers`, { headers, data: { customerType: "BUSINESS", businessInfo: { legalName: `Link Co ${Date.now()}`, country: "US" } } });
  expect(created.status()).toBe(201);
  const customerId = (await created.json()).id as string;
  await signIn(page);
  await page.goto(`/customers/${encodeURIComponent(customerId)}`);
  await page.getByRole("button", { name: "KYC link" }).click();
  const url = page.getByTestId("kyc-link-url");
  await expect(url).toContainText("/verify/kyc/");
  await expect(page.getByRole("button", { name: "Copy hosted verification link" })).toBeVisible();

  // The link opens the hosted page for this business.
  await page.goto((await url.textContent())!);
  await expect(page.getByRole("heading", { name: "Verify your business" })).toBeVisible();
});
