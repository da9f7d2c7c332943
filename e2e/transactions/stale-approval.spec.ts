import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { API, signIn } from "../support";
import { activeCustomer, headers } from "./setup";

/** The platform's webhook endpoint: approval requests (INCOMING_PAYMENT.PENDING) get 202, anything else 200. */
const endpoint = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const type = (JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { type?: string }).type;
    res.writeHead(type === "INCOMING_PAYMENT.PENDING" ? 202 : 200).end();
  });
});

test.beforeAll(() => new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve)));
test.afterAll(async ({ request }) => {
  await request.patch(`${API}/config`, { headers, data: { webhookEndpoint: null } });
  endpoint.closeAllConnections();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});

test("approving a payment someone else rejected meanwhile says so, and the page shows it REJECTED", async ({ page, request }) => {
  const { customerId } = await activeCustomer(request, `Stale Approval ${Date.now()}`, `stale-approval-${Date.now()}`);
  const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
  expect((await request.patch(`${API}/config`, { headers, data: { webhookEndpoint: url } })).status()).toBe(200);
  await signIn(page);
  // The approval window is 5 s from the 202 answer: open the page right after the payment arrives.
  const received = await request.post(`${API}/sandbox/uma/receive`, {
    headers,
    data: { senderUmaAddress: "$success.usd@sandbox.uma.money", customerId, receivingCurrencyCode: "USD", receivingCurrencyAmount: 1_000 },
  });
  expect(received.status(), await received.text()).toBe(200);
  const paymentId = (await received.json()).id as string;
  await page.goto(`/transactions/${encodeURIComponent(paymentId)}`);
  await expect(page.getByRole("button", { name: "Approve" })).toBeEnabled();

  // Another staff member (here the platform's backend) rejects it while this page stays open.
  expect((await request.post(`${API}/transactions/${encodeURIComponent(paymentId)}/reject`, { headers, data: {} })).status()).toBe(200);
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page.getByTestId("approval-error")).toContainText("is not awaiting the platform's approval: it is REJECTED");
  await expect(page.getByTestId("transaction-status")).toHaveText("REJECTED");
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  expect((await (await request.get(`${API}/transactions/${encodeURIComponent(paymentId)}`, { headers })).json()).status).toBe("REJECTED");
});
