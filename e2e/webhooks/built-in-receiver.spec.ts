import { expect, test, type Page } from "@playwright/test";
import { API, basicAuth, BOOTSTRAP_TOKEN, signIn } from "../support";

async function openWebhooks(page: Page) {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
}

test("the built-in receiver verifies a signed test event, and the event shows as delivered with its attempt", async ({ page, request }) => {
  await signIn(page);
  await openWebhooks(page);
  await expect(page.getByTestId("webhook-public-key")).toContainText("BEGIN PUBLIC KEY");

  const toggle = page.getByRole("switch", { name: "Use the built-in receiver" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("webhook-endpoint")).toContainText(new RegExp(`^http://localhost:${process.env.E2E_PORT ?? 3100}/api/webhook-receiver/[0-9a-f-]{36}$`));
  const receiverUrl = (await page.getByTestId("webhook-endpoint").textContent())!;

  await page.getByRole("button", { name: "Send test event" }).click();
  const answer = page.getByTestId("test-webhook-result");
  await expect(answer).toContainText("The endpoint answered HTTP 200.");
  await expect(answer).toContainText('{"received":true}');

  // Newest first: the test just sent, then the TEST the endpoint change triggered.
  const received = page.getByTestId("received-webhook");
  await expect(received).toHaveCount(2);
  await expect(received.first()).toContainText("TEST");
  await expect(received.first()).toContainText("✓ Signature valid");
  const eventId = (await received.first().getByTestId("received-event-id").textContent())!;
  expect(eventId).toMatch(/^Webhook:[0-9a-f-]{36}$/);
  await expect(received.first()).toContainText(`"id": "${eventId}"`);

  // Whatever is not signed with the platform's key is refused and not listed (anyone can post here): only counted.
  const forged = await request.post(receiverUrl, { data: { id: "Webhook:forged", type: "TEST" }, headers: { "x-service-signature": "MEUCIQ==" } });
  expect(forged.status()).toBe(401);
  await expect(page.getByTestId("rejected-webhooks")).toContainText("Refused 1 request without a valid signature");
  await expect(received).toHaveCount(2);
  await expect(page.getByTestId("received-webhooks")).not.toContainText("Webhook:forged");

  await page.getByLabel("Delivery state").selectOption("DELIVERED");
  await page.getByLabel("Event type").fill("TEST");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/deliveryStatus=DELIVERED/);
  const row = page.getByRole("row").filter({ hasText: eventId });
  await expect(row.getByTestId("event-delivery")).toContainText("Delivered");
  await expect(row.getByRole("cell").last()).toHaveText("1");

  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "TEST", level: 1 })).toBeVisible();
  await expect(page.getByTestId("event-delivery-status")).toHaveText("Delivered");
  await expect(page.getByTestId("event-payload")).toContainText(`"id": "${eventId}"`);
  await expect(page.getByTestId("event-payload")).toContainText('"test": true');
  const attempts = page.getByRole("table", { name: "Delivery attempts" }).getByRole("row");
  await expect(attempts).toHaveCount(2); // header + one attempt
  await expect(attempts.nth(1)).toContainText("HTTP 200");
  await expect(attempts.nth(1)).toContainText('{"received":true}');
  await expect(attempts.nth(1)).toContainText(/\d+ ms/);

  await page.getByRole("button", { name: "Replay" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Queued" })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(attempts).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(attempts.nth(2)).toContainText("HTTP 200");
});

test("after the sandbox clock moved 2 h ahead, a receipt shows at the time of its delivery: both on the platform's clock, and the page says so", async ({ page, request }) => {
  const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };
  const advanced = await request.post(`${API}/sandbox/clock/advance`, { headers, data: { seconds: 2 * 3600 } });
  expect(advanced.status(), await advanced.text()).toBe(200);

  await signIn(page);
  await openWebhooks(page);
  const toggle = page.getByRole("switch", { name: "Use the built-in receiver" });
  if ((await toggle.getAttribute("aria-checked")) === "false") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("Each shows when it arrived on your platform's sandbox clock")).toBeVisible();

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByTestId("test-webhook-result")).toContainText("The endpoint answered HTTP 200.");
  await page.reload(); // the test event was received before its answer came back: the newest receipt
  const eventId = (await page.getByTestId("received-webhook").first().getByTestId("received-event-id").textContent())!;
  const receivedAt = await page.getByTestId("received-webhook").filter({ hasText: eventId }).getByTestId("received-at").getAttribute("datetime");
  const deliveredAt = await page.getByRole("row").filter({ hasText: eventId }).getByTestId("event-delivered-at").getAttribute("datetime");
  expect(Math.abs(Date.parse(receivedAt!) - Date.parse(deliveredAt!)), `received ${receivedAt}, delivered ${deliveredAt}`).toBeLessThan(5_000);
});
