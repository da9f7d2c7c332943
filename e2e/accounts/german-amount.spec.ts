import { expect, test } from "@playwright/test";
import { signIn } from "../support";

test.use({ locale: "de-DE", timezoneId: "Europe/Berlin" });

// A German "1.234" (one thousand two hundred thirty-four) was read as 1.234: never guessed now, either way.
test("in a German browser, 1.234 is refused as ambiguous with how to write it, while typing and on submit; 1234 funds 1,234.00", async ({ page }) => {
  await signIn(page);
  await page.goto("/accounts");
  await page.getByRole("table", { name: "Internal accounts" }).first().getByRole("link", { name: /USD · Fiat/ }).click();
  const amount = page.getByLabel("Amount");
  const fund = page.getByRole("button", { name: "Fund" });
  const message = "is ambiguous: write 1234 (no point) for thousands; a point only marks decimals here";

  await amount.fill("1.234");
  await expect(page.getByTestId("amount-separator-problem")).toHaveText(message);
  await expect(page.getByTestId("amount-preview")).toHaveCount(0);
  await fund.click();
  await expect(page.getByTestId("field-error-amount")).toHaveText(message);
  await expect(page.getByTestId("fund-result")).toHaveCount(0);

  await amount.fill("1234");
  await expect(page.getByTestId("amount-separator-problem")).toHaveCount(0);
  await expect(page.getByTestId("amount-preview")).toContainText("= 1,234.00 USD");
  await fund.click();
  await expect(page.getByTestId("fund-result")).toContainText("Deposited $1,234.00");
});
