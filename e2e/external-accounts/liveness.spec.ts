import { expect, test } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth } from "../support";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };

test("an end user passes the hosted liveness check and the wallet becomes ACTIVE", async ({ page, request }) => {
  const customer = await request.post(`${API}/customers`, { headers, data: { customerType: "INDIVIDUAL", fullName: "Liveness Tester" } });
  expect(customer.status()).toBe(201);
  const wallet = await request.post(`${API}/customers/external-accounts`, {
    headers,
    data: {
      customerId: (await customer.json()).id,
      currency: "USDC",
      ownershipType: "FIRST_PARTY",
      accountInfo: { accountType: "SOLANA_WALLET", address: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV" },
    },
  });
  expect(wallet.status()).toBe(201);
  const { id, status } = await wallet.json();
  expect(status).toBe("PENDING_OWNERSHIP_VERIFICATION");

  const challenge = await request.post(`${API}/customers/external-accounts/${id}/challenge`, { headers, data: { method: "LIVENESS" } });
  expect(challenge.status()).toBe(201);
  const { verificationLink } = await challenge.json();

  await page.goto(new URL(verificationLink).pathname);
  await expect(page.getByRole("heading", { name: "Confirm you own this wallet" })).toBeVisible();
  await page.getByRole("button", { name: "Pass the check" }).click();
  await expect(page.getByTestId("liveness-result")).toContainText("Check passed");

  const after = await request.get(`${API}/customers/external-accounts/${id}`, { headers });
  expect((await after.json()).status).toBe("ACTIVE");

  // The link works once.
  await page.reload();
  await page.getByRole("button", { name: "Pass the check" }).click();
  await expect(page.getByTestId("liveness-error")).toContainText("already");
});
