import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, signIn } from "../support";
import { headers } from "./setup";

/** The platform's webhook endpoint: approval requests (INCOMING_PAYMENT.PENDING) get 202, anything else 200. */
async function startDeferringEndpoint() {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const type = (JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { type?: string }).type;
      res.writeHead(type === "INCOMING_PAYMENT.PENDING" ? 202 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An individual with KYC approved at creation (sandbox "skip verification paperwork"), so its USD account is ACTIVE. */
async function createApprovedCustomer(request: APIRequestContext): Promise<string> {
  const agreements = await (await request.get(`${API}/customers/agreements`, { headers })).json();
  const terms = agreements.data.find((a: { type: string }) => a.type === "SERVICE_END_USER_TERMS");
  const consent = { type: "SERVICE_END_USER_TERMS", acceptedAt: new Date().toISOString(), ipAddress: "203.0.113.7", termsVersion: terms.version, acceptanceMethod: "CHECKBOX" };
  const data = { customerType: "INDIVIDUAL", fullName: "Grace Hopper", birthDate: "1980-12-09", nationality: "US", currencies: ["USD"], agreementConsents: [consent] };
  const response = await request.post(`${API}/customers`, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

let endpoint: Awaited<ReturnType<typeof startDeferringEndpoint>>;

test.beforeAll(async ({ request }) => {
  endpoint = await startDeferringEndpoint();
  const response = await request.patch(`${API}/config`, { headers, data: { webhookEndpoint: endpoint.url, skipVerificationPaperwork: true } });
  expect(response.status(), await response.text()).toBe(200);
});

test.afterAll(async ({ request }) => {
  await request.patch(`${API}/config`, { headers, data: { webhookEndpoint: null, skipVerificationPaperwork: false } });
  await endpoint.close();
});

/** A payment from the sandbox's USD counterparty that the endpoint deferred with 202: PENDING, awaiting the platform. */
async function receivePayment(request: APIRequestContext, customerId: string): Promise<string> {
  const received = await request.post(`${API}/sandbox/uma/receive`, {
    headers,
    data: { senderUmaAddress: "$success.usd@sandbox.uma.money", customerId, receivingCurrencyCode: "USD", receivingCurrencyAmount: 1_000 },
  });
  expect(received.status(), await received.text()).toBe(200);
  const payment = await received.json();
  expect(payment.status).toBe("PENDING");
  return payment.id;
}

test("an incoming payment the platform answered 202 is approved from its page and completes", async ({ page, request }) => {
  const customerId = await createApprovedCustomer(request);
  await signIn(page);

  // The approval window is 5 s from the 202 answer: open the page right after creating the payment.
  const paymentId = await receivePayment(request, customerId);
  await page.goto(`/transactions/${encodeURIComponent(paymentId)}`);
  await expect(page.getByRole("heading", { name: "Awaiting your approval" })).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page.getByTestId("transaction-status")).toHaveText("COMPLETED");
  await expect(page.getByTestId("received-amount")).toHaveText("$10.00");
  await expect(page.getByRole("heading", { name: "Awaiting your approval" })).toHaveCount(0);
  const after = await (await request.get(`${API}/transactions/${encodeURIComponent(paymentId)}`, { headers })).json();
  expect(after.status).toBe("COMPLETED");
});

test("rejecting an incoming payment after confirming makes it REJECTED", async ({ page, request }) => {
  const customerId = await createApprovedCustomer(request);
  await signIn(page);
  const paymentId = await receivePayment(request, customerId);
  await page.goto(`/transactions/${encodeURIComponent(paymentId)}`);
  await page.getByRole("button", { name: "Reject" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reject payment" }).click();

  await expect(page.getByTestId("transaction-status")).toHaveText("REJECTED");
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
});

test("approving once the window has closed shows the API's reason", async ({ page, request }) => {
  const customerId = await createApprovedCustomer(request);
  await signIn(page);
  const paymentId = await receivePayment(request, customerId);
  await page.goto(`/transactions/${encodeURIComponent(paymentId)}`);
  await expect(page.getByRole("button", { name: "Approve" })).toBeEnabled();
  // Past the 5 s window by the sandbox clock (no sleeping).
  const advanced = await request.post(`${API}/sandbox/clock/advance`, { headers, data: { seconds: 10 } });
  expect(advanced.status(), await advanced.text()).toBe(200);
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page.getByTestId("approval-error")).toContainText("is not awaiting the platform's approval");
});
