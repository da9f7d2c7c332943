import { expect, test } from "@playwright/test";
import { signIn } from "../support";
import { clearWebhookEndpoint, createEurExternalAccount, createUsdExternalAccount, executedQuote, fundedPlatformUsdAccount } from "../quotes/setup";

test.beforeAll(({ request }) => clearWebhookEndpoint(request));

const transactionPath = (id: string) => `/transactions/${encodeURIComponent(id)}`;

test("an ACH payout still processing is cancelled from its page: the refund completes and the payment reads COMPLETED", async ({ page, request }) => {
  const sourceId = await fundedPlatformUsdAccount(request, 10_000);
  // Suffix 003: the payout stays PROCESSING for about 6 minutes.
  const destinationId = await createUsdExternalAccount(request, "003");
  const transactionId = await executedQuote(request, {
    source: { sourceType: "ACCOUNT", accountId: sourceId },
    destination: { destinationType: "ACCOUNT", accountId: destinationId, paymentRail: "ACH" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 1_000,
  });

  await signIn(page);
  await page.goto(transactionPath(transactionId));
  await expect(page.getByTestId("transaction-status")).toHaveText("PROCESSING");
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel payment" }).click();

  await expect(page.getByTestId("refund-details")).toContainText("USER_CANCELLATION");
  // The refund completes 2 s later, run by the worker.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("refund-status")).toHaveText("COMPLETED", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("transaction-status")).toHaveText("COMPLETED");
  await expect(page.getByRole("button", { name: "Cancel payment" })).toHaveCount(0);
});

test("cancelling a payout on a rail that cannot be stopped shows the API's reason and changes nothing", async ({ page, request }) => {
  const sourceId = await fundedPlatformUsdAccount(request, 10_000);
  const destinationId = await createEurExternalAccount(request, "003");
  const transactionId = await executedQuote(request, {
    source: { sourceType: "ACCOUNT", accountId: sourceId },
    destination: { destinationType: "ACCOUNT", accountId: destinationId },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 1_000,
  });

  await signIn(page);
  await page.goto(transactionPath(transactionId));
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel payment" }).click();

  await expect(page.getByTestId("cancel-error")).toContainText("Only outgoing ACH, ACH_SAME_DAY and WIRE payments and pulls from bank accounts can be cancelled");
  await expect(page.getByTestId("transaction-status")).toHaveText("PROCESSING");
});
