import { expect, test } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";
import { loseNextAnswer } from "../lost-answer";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };
const BENEFICIARY = { beneficiaryType: "INDIVIDUAL", fullName: "Jane Doe", address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" } };

test.beforeAll(async ({ request }) => {
  expect((await request.patch(`${API}/config`, { headers, data: { webhookEndpoint: null } })).status()).toBe(200);
});

test("a transfer whose answer was lost, sent again from the same form, is paid out once (walk M1)", async ({ page, request }) => {
  test.setTimeout(90_000);
  const source = (await (await request.get(`${API}/platform/internal-accounts?currency=USD`, { headers })).json()).data[0] as { id: string };
  expect((await request.post(`${API}/sandbox/internal-accounts/${encodeURIComponent(source.id)}/fund`, { headers, data: { amount: 10_000 } })).status()).toBe(200);
  const accountInfo = { accountType: "USD_ACCOUNT", accountNumber: `${String(Date.now()).slice(-8)}1234`, routingNumber: "021000021", bankAccountType: "CHECKING", beneficiary: BENEFICIARY };
  const created = await request.post(`${API}/platform/external-accounts`, { headers, data: { currency: "USD", accountInfo } });
  expect(created.status(), await created.text()).toBe(201);
  const destinationId = (await created.json()).id as string;

  await signIn(page);
  await page.goto("/transactions/new");
  await page.getByLabel("From (platform internal account)").selectOption(source.id);
  await page.getByLabel("To (platform external account)").selectOption(destinationId);
  await page.getByLabel("Amount").fill("25.00");
  const cut = await loseNextAnswer(page, { file: "app/(dashboard)/transactions/actions.ts", name: "sendTransferAction" });
  await page.getByRole("button", { name: "Send transfer" }).click();
  // the operator is told it may have gone, and that sending again is safe
  await expect(page.getByTestId("send-transfer-error")).toBeVisible();
  expect.soft(await page.getByTestId("send-transfer-error").textContent()).toContain("Send it again");
  expect(cut).toHaveLength(1);

  await page.getByRole("button", { name: "Send transfer" }).click();
  await expect(page).toHaveURL(/\/transactions\/Transaction/);
  const shownId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  const sent = await (await request.get(`${API}/transactions?receiverAccountIdentifier=${encodeURIComponent(destinationId)}`, { headers })).json();
  expect(sent.data.map((t: { id: string }) => t.id)).toEqual([shownId]);

  // a new transfer of the same amount from a fresh form is a new payment, not a replay
  await page.goto("/transactions/new");
  await page.getByLabel("From (platform internal account)").selectOption(source.id);
  await page.getByLabel("To (platform external account)").selectOption(destinationId);
  await page.getByLabel("Amount").fill("25.00");
  await page.getByRole("button", { name: "Send transfer" }).click();
  await expect(page).toHaveURL(/\/transactions\/Transaction/);
  const again = await (await request.get(`${API}/transactions?receiverAccountIdentifier=${encodeURIComponent(destinationId)}`, { headers })).json();
  expect(again.data).toHaveLength(2);
});
