import { expect, test } from "@playwright/test";
import { signIn } from "../support";

test("the Webhooks page says how to verify X-Service-Signature, with a node:crypto and a WebCrypto verifier", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByTestId("webhook-public-key")).toContainText("BEGIN PUBLIC KEY");

  const howTo = page.getByTestId("webhook-verify-how-to");
  await expect(howTo.getByTestId("webhook-verifier-node")).toBeHidden();
  await howTo.getByText("How to verify").click();
  await expect(howTo).toContainText("raw request body, before parsing the JSON");
  await expect(howTo).toContainText("WebCrypto (crypto.subtle) needs the 64-byte r‖s form");
  await expect(howTo).toContainText("do not reject an event for its age");
  await expect(howTo.getByTestId("webhook-verifier-node")).toContainText('verify("sha256", rawBody, webhookPublicKeyPem, Buffer.from(signatureHeader, "base64"))');
  await expect(howTo.getByTestId("webhook-verifier-webcrypto")).toContainText("derToRaw(base64Bytes(signatureHeader))");
  await expect(howTo.getByRole("button", { name: "Copy WebCrypto verifier" })).toBeVisible();
});
