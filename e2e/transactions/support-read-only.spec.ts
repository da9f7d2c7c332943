import { expect, test } from "@playwright/test";
import { signInAsNewMember } from "../support";

test("a support member sees no Send transfer button, and the send-transfer page says it is read-only instead of offering a form", async ({ browser }) => {
  const page = await signInAsNewMember(browser, { name: "Sue Support", role: "SUPPORT" });
  await page.goto("/transactions");
  await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Send transfer" })).toHaveCount(0);

  await page.goto("/transactions/new");
  await expect(page.getByTestId("send-transfer-read-only")).toContainText("not send them");
  await expect(page.getByRole("button", { name: "Send transfer" })).toHaveCount(0);
});
