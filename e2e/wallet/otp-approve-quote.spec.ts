import { expect, test } from "@playwright/test";
import { API } from "../support";
import { endUserBrowser, headers, quoteStatus, signInWithEmailCode, storedSessionKey, walletCustomer, walletLinkFromDashboard, walletQuote } from "./setup";

test("sign in by email OTP and approve a quote execution; no private key in any request body", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const quote = await walletQuote(request, customer);
  const link = await walletLinkFromDashboard(page, customer.customerId, quote.id);

  const user = await endUserBrowser(browser);
  await user.page.goto(link);
  await expect(user.page.getByRole("heading", { name: "Your wallet", exact: true })).toBeVisible();
  // nothing of the account before a session is proven
  await expect(user.page.getByTestId("wallet-balance")).toHaveCount(0);
  await signInWithEmailCode(user.page, customer.email);
  await expect(user.page.getByTestId("wallet-balance")).toHaveText("50.000000 USDB");

  await user.page.getByRole("button", { name: "Review and approve" }).click();
  const approval = user.page.getByTestId("approval");
  await expect(approval.getByTestId("quote-summary")).toContainText(/You are sending [\d,.]+ USDB from this wallet to/);
  // where the money goes, in words the end user knows: their bank account, masked, and its holder
  await expect(approval.getByTestId("quote-destination")).toHaveText(/^USD bank account \*{4}\d000 · Ada Lovelace$/);
  await expect(approval.getByTestId("quote-summary")).not.toContainText("ExternalAccount:");
  // the exact text the service issued, byte for byte
  expect(await approval.getByTestId("payload-to-sign").textContent()).toBe(quote.payloadToSign);
  expect(await quoteStatus(request, quote.id)).toBe("PENDING");
  await approval.getByRole("button", { name: "Approve and sign" }).click();
  await expect(user.page.getByTestId("wallet-done")).toContainText("Payment approved");
  await expect.poll(() => quoteStatus(request, quote.id)).not.toBe("PENDING");

  // The session key lives in this tab and never went over the wire other than as a signature.
  const key = await storedSessionKey(user.page);
  expect(key.privateKey).toMatch(/^[0-9a-f]{64}$/);
  expect(user.bodies.length).toBeGreaterThan(5);
  // the stamps (base64url JSON starting {"publicKey":"<key>") were sent: 81 bytes encode to a stable prefix
  const stampPrefix = Buffer.from(`{"publicKey":"${key.publicKey}"`).toString("base64url");
  expect(user.bodies.some((b) => b.includes(stampPrefix)), "the stamps carry the public key").toBe(true);
  const secretBytes = Buffer.from(key.privateKey, "hex");
  const forms = [key.privateKey, secretBytes.toString("base64"), secretBytes.toString("base64url")];
  for (const body of user.bodies) {
    for (const form of forms) expect(body.toLowerCase().includes(form.toLowerCase()), "a private key in a request body").toBe(false);
  }
  const sessions = await (await request.get(`${API}/auth/sessions?accountId=${encodeURIComponent(customer.walletId)}`, { headers })).json();
  expect(sessions.data).toHaveLength(1);
  await user.context.close();
});

test("a tampered payload is refused with a clear message and the quote stays PENDING", async ({ page, browser, request }) => {
  const customer = await walletCustomer(request);
  const quote = await walletQuote(request, customer);
  const link = await walletLinkFromDashboard(page, customer.customerId, quote.id);
  const user = await endUserBrowser(browser);
  // Someone between the service and the browser alters the payload shown for signing.
  await user.page.route("**/wallet/**", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const response = await route.fetch();
    const text = await response.text();
    const at = text.indexOf('"payloadToSign":"');
    // only the quote's payload (the answer that also carries the amounts), not the sign-in token
    if (at < 0 || !text.includes('"sending":')) return route.fulfill({ response, body: text });
    const start = at + '"payloadToSign":"'.length;
    const i = text.slice(start).search(/[a-z]/) + start;
    await route.fulfill({ response, body: text.slice(0, i) + text[i]!.toUpperCase() + text.slice(i + 1) });
  });
  await user.page.goto(link);
  await signInWithEmailCode(user.page, customer.email);
  await user.page.getByRole("button", { name: "Review and approve" }).click();
  expect(await user.page.getByTestId("payload-to-sign").textContent()).not.toBe(quote.payloadToSign);
  await user.page.getByRole("button", { name: "Approve and sign" }).click();
  await expect(user.page.getByTestId("wallet-error")).toContainText("The service refused the signature");
  expect(await quoteStatus(request, quote.id)).toBe("PENDING");
  await user.context.close();
});
