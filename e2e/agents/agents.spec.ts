import { expect, test } from "@playwright/test";
import { API, pickCustomer, signIn } from "../support";
import { fundedCustomer, headers, unique } from "./setup";

test("an agent is created with a policy, installed with its device code, and its payment above the threshold waits for approval in the inbox", async ({ page, request }) => {
  test.setTimeout(90_000);
  const c = await fundedCustomer(request);
  const name = `Bill pay ${unique()}`;

  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Agents" }).click();
  await page.getByRole("link", { name: "New agent" }).click();
  await page.getByLabel("Name").fill(name);
  await pickCustomer(page, "Acts for customer", c.customerId, c.customerId);
  // Least privilege to start: it may look, not pay, and any payment would wait for a person.
  await expect(page.getByLabel("View transactions")).toBeChecked();
  await expect(page.getByLabel("Create transfers")).not.toBeChecked();
  await expect(page.getByLabel("When it pays")).toHaveValue("APPROVAL_REQUIRED");
  await page.getByLabel("Create transfers").check();
  await page.getByLabel("When it pays").selectOption("AUTO");
  await page.getByLabel("Per transaction (USD)").fill("500");
  await page.getByLabel("Approval above (USD, optional)").fill("100");
  const summary = page.getByRole("list", { name: "Policy summary" });
  await expect(summary).toContainText("Can view transactions and create transfers.");
  await expect(summary).toContainText("Spends up to $500.00 per transaction.");
  await expect(summary).toContainText("Pays on its own up to $100.00; anything above needs your approval.");
  await page.getByRole("button", { name: "Create agent" }).click();

  // The device code, shown once, until the agent software redeems it.
  const code = (await page.getByTestId("device-code").textContent())!;
  expect(code).toMatch(/^[A-Z]{4}-[2-9]{4}$/);
  await expect(page.getByTestId("device-code-status")).toContainText("Waiting for installation");
  const redeemed = await request.post(`${API}/agents/device-codes/${code}/redeem`);
  expect(redeemed.status()).toBe(200);
  const bearer = { authorization: `Bearer ${(await redeemed.json()).accessToken}` };
  await expect(page.getByTestId("device-code-status")).toContainText("connected");

  // The agent's page: connected; a tighter daily limit, summarized.
  await page.getByRole("link", { name: "Open agent" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("Connected", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Edit policy" }).click();
  await page.getByLabel("Per day (USD, optional)").fill("300");
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByRole("list", { name: "Policy summary" })).toContainText("Spends up to $500.00 per transaction and $300.00 a day.");

  // The agent pays 150.00: above the threshold, so it waits.
  const transfer = { source: { accountId: c.accountId }, destination: { accountId: c.externalAccountId }, amount: 15_000 };
  const action = await request.post(`${API}/agents/me/transfer-out`, { headers: bearer, data: transfer });
  expect(action.status(), await action.text()).toBe(201);
  expect((await action.json()).status).toBe("PENDING_APPROVAL");

  await page.goto("/agents");
  const inbox = page.getByRole("table", { name: "Pending approvals" });
  const row = inbox.getByRole("row").filter({ hasText: name });
  await expect(row.getByTestId("approval-amount")).toHaveText("$150.00");
  // Whose money and where it goes, in words: the customer's name and the bank account.
  await expect(row.getByTestId("approval-customer")).toHaveText("Alan Turing");
  await expect(row.getByTestId("approval-destination")).toContainText(`USD · Bank account ****${c.accountNumber.slice(-4)}`);
  // Approving moves money, so it asks first, stating the amount and the destination.
  await row.getByRole("button", { name: "Approve Transfer out of $150.00" }).click();
  const confirm = page.getByRole("dialog", { name: "Approve and pay $150.00?" });
  await expect(confirm.getByTestId("approve-summary")).toContainText(`Transfer out of $150.00 for Alan Turing to USD · Bank account ****${c.accountNumber.slice(-4)}`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByTestId("approval-amount")).toHaveText("$150.00");
  await row.getByRole("button", { name: "Approve Transfer out of $150.00" }).click();
  await page.getByRole("dialog", { name: "Approve and pay $150.00?" }).getByRole("button", { name: "Approve and pay" }).click();
  await expect(page.getByTestId("approval-outcome")).toContainText("Approved and paid");
  await expect(inbox.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await page.getByTestId("approval-outcome").getByRole("link", { name: "Open transaction" }).click();
  await expect(page.getByTestId("transaction-status")).toHaveText("COMPLETED");
  await expect(page.getByTestId("sent-amount")).toHaveText("$150.00");

  // The usage counts it; pausing stops the agent.
  await page.goto("/agents");
  await page.getByRole("table", { name: "Agents" }).getByRole("link", { name }).click();
  await expect(page.getByTestId("agent-daily-spend")).toHaveText("$150.00");
  await page.getByRole("button", { name: "Pause agent" }).click();
  await expect(page.getByText("Paused", { exact: true })).toBeVisible();
  expect((await request.post(`${API}/agents/me/transfer-out`, { headers: bearer, data: { ...transfer, amount: 100 } })).status()).toBe(403);
});

test("a rejected payment moves nothing and the agent sees the reason", async ({ page, request }) => {
  const c = await fundedCustomer(request);
  const created = await request.post(`${API}/agents`, {
    headers,
    data: { name: `Cautious ${unique()}`, customerId: c.customerId, policy: { permissions: ["CREATE_TRANSFERS"], defaultExecutionMode: "APPROVAL_REQUIRED", spendingLimits: { currency: "USD", perTransactionLimit: 100_000 } } },
  });
  const { agent, deviceCode } = await created.json();
  const bearer = { authorization: `Bearer ${(await (await request.post(`${API}/agents/device-codes/${deviceCode.code}/redeem`)).json()).accessToken}` };
  const action = await (await request.post(`${API}/agents/me/transfer-out`, { headers: bearer, data: { source: { accountId: c.accountId }, destination: { accountId: c.externalAccountId }, amount: 2_500 } })).json();

  await signIn(page);
  await page.goto(`/agents/${encodeURIComponent(agent.id)}`);
  await page.getByRole("button", { name: "Reject Transfer out of $25.00" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject this agent payment?" });
  await dialog.getByLabel("Reason (optional)").fill("Unknown vendor");
  await dialog.getByRole("button", { name: "Reject payment" }).click();
  await expect(page.getByTestId("approval-outcome")).toContainText("Rejected");

  const seen = await (await request.get(`${API}/agents/me/actions/${action.id}`, { headers: bearer })).json();
  expect(seen).toMatchObject({ status: "REJECTED", rejectionReason: "Unknown vendor" });
  const balance = await (await request.get(`${API}/internal-accounts/${encodeURIComponent(c.accountId)}`, { headers })).json();
  expect(balance.balance.amount).toBe(100_000);
});
