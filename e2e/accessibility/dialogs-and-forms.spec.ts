import { expect, test, type Locator, type Page } from "@playwright/test";
import { API, addMember, signIn } from "../support";
import { fundedCustomer, installedAgent, unique } from "../agents/setup";
import { cardholder } from "../cards/setup";
import { clearWebhookEndpoint, headers } from "../quotes/setup";
import { expectNoSeriousViolations, settled } from "./axe";

test.beforeAll(({ request }) => clearWebhookEndpoint(request));

/**
 * Opens a confirm dialog with `opener`, checks it is a labelled modal and passes axe, then closes it
 * with Escape and expects focus back on the opener, the way a keyboard user left it.
 */
async function checkDialog(page: Page, opener: Locator, title: string | RegExp, where: string): Promise<void> {
  await opener.click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expectNoSeriousViolations(page, `${where} (dialog “${title}”)`, { within: "dialog[open]" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test("the confirm dialogs are labelled modals without serious violations, and Escape hands focus back to their button", async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await fundedCustomer(request);
  const { agentId, bearer } = await installedAgent(request, owner.customerId, `A11y dialogs ${unique()}`);
  const waiting = await request.post(`${API}/agents/me/transfer-out`, { headers: bearer, data: { source: { accountId: owner.accountId }, destination: { accountId: owner.externalAccountId }, amount: 1_200 } });
  expect(waiting.status(), await waiting.text()).toBe(201);
  const holder = await cardholder(request, `Card A11y ${unique()} Holder`);
  const card = await request.post(`${API}/cards`, { headers, data: { cardholderId: holder.customerId, form: "VIRTUAL", fundingSources: [holder.accountId], platformCardId: `a11y-dlg-${unique()}-x` } });
  expect(card.status(), await card.text()).toBe(201);
  await signIn(page);

  await page.goto(`/customers/${encodeURIComponent(owner.customerId)}`);
  await settled(page);
  await checkDialog(page, page.getByRole("button", { name: "Delete", exact: true }), /^Delete “/, "customer page");

  await page.goto("/accounts/external");
  await settled(page);
  await checkDialog(page, page.getByRole("button", { name: /^Delete external account / }).first(), /^Delete /, "external accounts");

  await page.goto("/api-tokens");
  await settled(page);
  await checkDialog(page, page.getByRole("button", { name: /^Revoke token / }).first(), /^Revoke “/, "API tokens");

  // The card's dialog is unmounted on close, not closed: focus must still come back.
  await page.goto(`/cards/${encodeURIComponent((await card.json()).id)}`);
  await settled(page);
  await checkDialog(page, page.getByRole("button", { name: "Freeze", exact: true }), "Freeze this card?", "card page");

  await page.goto(`/agents/${encodeURIComponent(agentId)}`);
  await settled(page);
  await checkDialog(page, page.getByRole("button", { name: "Delete agent" }), /^Delete “/, "agent page");

  await page.goto("/agents");
  await settled(page);
  await checkDialog(page, page.getByRole("button", { name: /^Reject Transfer out of \$12\.00/ }).first(), "Reject this agent payment?", "agents approvals");

  const name = `Dee Alog ${unique()}`;
  await addMember(page, { name, email: `dialog-${unique()}@example.com`, role: "SUPPORT" });
  await settled(page);
  await checkDialog(page, page.getByRole("button", { name: `Reset password of ${name}` }), /password/i, "team (reset password)");
  await checkDialog(page, page.getByRole("button", { name: `Remove ${name}` }), /^Remove /, "team (remove member)");
  // The role select opens its confirmation on change; Escape puts the old role back.
  const role = page.getByRole("combobox", { name: `Role of ${name}` });
  await role.focus();
  await role.selectOption("OPERATOR");
  const confirm = page.getByRole("dialog", { name: /role to Operator/ });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page, "team (change role dialog)", { within: "dialog[open]" });
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(role).toBeFocused();
  await expect(role).toHaveValue("SUPPORT");
});

test("the main forms, blank and with the errors they show, have no serious or critical violation", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const forms: [path: string, submit: string][] = [
    ["/customers/new", "Create customer"],
    ["/team", "Add member"],
    ["/api-tokens", "Create token"],
    ["/quotes", "Get quote"],
    ["/transactions/new", "Send transfer"],
    ["/agents/new", "Create agent"],
    ["/accounts/external/new", "Add external account"],
    ["/settings", "Save settings"],
    ["/cards/new", "Continue"],
  ];
  for (const [path, submit] of forms) {
    await page.goto(path);
    await settled(page);
    await page.getByRole("button", { name: submit, exact: true }).click();
    // Whatever it answers (errors beside fields, a notice, the browser's own check), let it render.
    await page.waitForLoadState("networkidle");
    await expectNoSeriousViolations(page, `${path} after “${submit}”`);
  }
  // A business customer's form, the other half of the customer form.
  await page.goto("/customers/new");
  await settled(page);
  await page.getByRole("radio", { name: "Business" }).click();
  await expectNoSeriousViolations(page, "/customers/new (business)");
});
