import { expect, test } from "@playwright/test";
import { addMember, signIn, signInChoosingPassword } from "../support";

test("a support member sees no Send transfer button, and the send-transfer page says it is read-only instead of offering a form", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  const email = `sue-${Date.now()}@example.com`;
  const temporary = await addMember(admin, { name: "Sue Support", email, role: "SUPPORT" });

  const page = await (await browser.newContext()).newPage();
  await signInChoosingPassword(page, email, temporary, "sue-support-password-1");
  await page.goto("/transactions");
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Send transfer" })).toHaveCount(0);

  await page.goto("/transactions/new");
  await expect(page.getByTestId("send-transfer-read-only")).toContainText("not send them");
  await expect(page.getByRole("button", { name: "Send transfer" })).toHaveCount(0);
});
