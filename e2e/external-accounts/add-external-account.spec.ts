import { expect, test } from "@playwright/test";
import { signIn } from "../support";

/** What someone might paste by mistake: far longer than any IBAN or wallet address. */
const PASTED = "DE89".padEnd(10_000, "1");

test("a pasted IBAN far too long to be one is refused beside the IBAN field, saying what an IBAN looks like", async ({ page }) => {
  await signIn(page);
  await page.goto("/accounts/external/new");
  await page.getByLabel("Owner").selectOption("PLATFORM");
  await page.getByLabel("Account", { exact: true }).selectOption("EUR_ACCOUNT");
  await page.getByLabel("IBAN").fill(PASTED);
  await page.getByLabel("Beneficiary name").fill("Jean Dupont");
  await page.getByRole("button", { name: "Add external account" }).click();

  await expect(page.getByTestId("external-account-error")).toHaveText("Some fields need attention. Nothing was saved.");
  await expect(page.getByTestId("field-error-accountInfo.iban")).toContainText("must be an IBAN");
  await expect(page.getByLabel("IBAN")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Beneficiary name")).toHaveValue("Jean Dupont");
  await expect(page).toHaveURL(/\/accounts\/external\/new$/);
});

test("a pasted wallet address far too long to be one is refused beside the address field", async ({ page }) => {
  await signIn(page);
  await page.goto("/accounts/external/new");
  await page.getByLabel("Owner").selectOption("PLATFORM");
  await page.getByLabel("Account", { exact: true }).selectOption("USDC_WALLET");
  await page.getByLabel("Wallet address").fill(PASTED);
  await page.getByRole("button", { name: "Add external account" }).click();

  await expect(page.getByTestId("field-error-accountInfo.address")).toContainText("must be a base58 Solana address");
  await expect(page.getByTestId("external-account-error")).toHaveText("Some fields need attention. Nothing was saved.");
  await expect(page).toHaveURL(/\/accounts\/external\/new$/);
});
