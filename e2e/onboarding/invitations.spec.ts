import { expect, test } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";
import { activeCustomer } from "../transactions/setup";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };

/** `YYYY-MM-DDTHH:mm` in the browser's local time, as a datetime-local input takes it. */
function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test("invitations explain a missing UMA domain, then are created, looked up by code and cancelled", async ({ page, request }) => {
  const isConfiguredAtStart = Boolean((await (await request.get(`${API}/config`, { headers })).json()).umaDomain);
  // A customer with a generated address: the banner suggests the domain customers already have.
  if (!isConfiguredAtStart) await activeCustomer(request, "Uma Domain Person", `uma-${Date.now()}`);
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Invitations" }).click();
  await expect(page.getByRole("heading", { name: "Invitations", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Create invitation" });

  const config = await (await request.get(`${API}/config`, { headers })).json();
  if (!config.umaDomain) {
    const banner = page.getByTestId("invitations-not-configured");
    await expect(banner).toContainText("Invitations need your platform's UMA domain");
    // What to enter, and what setting it changes (only customers created afterwards).
    // (Customers get addresses at customers.sandbox.uma.example unless created with their own.)
    await expect(banner.getByTestId("uma-domain-suggestion")).toHaveText(
      /^Your customers' addresses so far end in @(\S+): enter \1 to keep new customers on that domain too, or your own domain to give new customers addresses there\.$/,
    );
    await expect(banner).toContainText("It changes no existing address: customers created before keep theirs and can still invite");
    await form.getByLabel("Inviter UMA address").fill("$alice@invite.example.com");
    await form.getByRole("button", { name: "Create invitation" }).click();
    await expect(form.getByTestId("invitation-form-error")).toContainText("Set it under Settings → UMA domain");
    expect((await request.patch(`${API}/config`, { headers, data: { umaDomain: "invite.example.com" } })).status()).toBe(200);
    await page.reload();
  }
  await expect(page.getByTestId("invitations-not-configured")).toHaveCount(0);

  // A malformed inviter address is refused beside the field.
  await form.getByLabel("Inviter UMA address").fill("alice");
  await form.getByRole("button", { name: "Create invitation" }).click();
  await expect(form.getByTestId("field-error-inviterUma")).toContainText("is not a UMA address");

  await form.getByLabel("Inviter UMA address").fill("$alice@invite.example.com");
  await form.getByLabel("Invitee first name (optional)").fill("Bob");
  await form.getByLabel("Amount to send (optional)").fill("12.34");
  await form.getByLabel("Expires at (optional)").fill(localDateTime(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)));
  await form.getByRole("button", { name: "Create invitation" }).click();
  const created = form.getByTestId("invitation-created");
  await expect(created).toContainText("Invitation");
  const code = /Invitation (\S+) created/.exec((await created.textContent()) ?? "")?.[1];
  expect(code).toBeTruthy();
  await expect(page.getByTestId("invitation-url")).toContainText(code!);

  const recent = page.getByRole("table", { name: "Recent invitations" });
  const row = recent.getByRole("row").filter({ hasText: code! });
  await expect(row).toContainText("PENDING");
  await expect(row).toContainText("$12.34");
  await expect(row).toContainText("Bob");

  // Look up by code.
  await page.getByLabel("Invitation code").fill(code!);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("table", { name: "Invitation found" })).toContainText("PENDING");
  await page.getByLabel("Invitation code").fill("NOPE0000");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByTestId("invitation-lookup-error")).toHaveText("No invitation has this code.");

  await recent.getByRole("button", { name: `Cancel invitation ${code}` }).click();
  const dialog = page.getByRole("dialog"); // only the open one is visible
  await expect(dialog).toContainText(`Cancel invitation ${code}?`);
  await dialog.getByRole("button", { name: "Cancel invitation" }).click();
  await expect(recent.getByTestId(`invitation-status-${code}`)).toHaveText("CANCELLED");
  await expect(recent.getByRole("button", { name: `Cancel invitation ${code}` })).toHaveCount(0);
});
