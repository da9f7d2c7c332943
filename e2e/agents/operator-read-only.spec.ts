import { expect, test } from "@playwright/test";
import { signInAsNewMember } from "../support";

test("an operator (no MANAGE) is offered neither New agent nor Issue card, and both pages say only admins can", async ({ browser }) => {
  const page = await signInAsNewMember(browser, { name: "Oscar Operator", role: "OPERATOR" });
  await page.goto("/agents");
  await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "New agent" })).toHaveCount(0);
  await page.goto("/agents/new");
  await expect(page.getByTestId("new-agent-read-only")).toContainText("Only admins can create agents");
  await expect(page.getByRole("button", { name: "Create agent" })).toHaveCount(0);

  await page.goto("/cards");
  await expect(page.getByRole("link", { name: "Issue card" })).toHaveCount(0);
  await page.goto("/cards/new");
  await expect(page.getByTestId("issue-card-read-only")).toContainText("Only admins can issue cards");
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
});
