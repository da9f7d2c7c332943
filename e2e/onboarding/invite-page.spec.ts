import { expect, test, type APIRequestContext } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth } from "../support";

const headers = { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) };
const INVITER = "$alice@invite.example.com";

async function createInvitation(request: APIRequestContext, data: Record<string, unknown>): Promise<{ code: string; url: string }> {
  const config = await (await request.get(`${API}/config`, { headers })).json();
  if (!config.umaDomain) expect((await request.patch(`${API}/config`, { headers, data: { umaDomain: "invite.example.com" } })).status()).toBe(200);
  const created = await request.post(`${API}/invitations`, { headers, data: { inviterUma: INVITER, ...data } });
  expect(created.status(), await created.text()).toBe(201);
  return created.json();
}

// No staff sign-in: the invitee opens the link the platform shared.
test("the invitation link opens a public page showing the invitation and how to claim it, then that it was claimed", async ({ page, request }) => {
  const invitation = await createInvitation(request, { firstName: "Eve", amountToSend: 500, expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString() });
  expect(new URL(invitation.url).pathname).toBe(`/invite/${invitation.code}`);

  const response = await page.goto(new URL(invitation.url).pathname);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/invite/${invitation.code}$`)); // not sent to the staff sign-in
  await expect(page.getByRole("heading", { name: "Eve, you are invited", level: 1 })).toBeVisible();
  await expect(page.getByTestId("invitation-inviter")).toHaveText(INVITER);
  await expect(page.getByTestId("invitation-amount")).toHaveText("$5.00");
  await expect(page.getByTestId("invitation-status")).toHaveText("PENDING");
  await expect(page.getByTestId("invitation-expiry")).toContainText("UTC");
  const howTo = page.getByRole("region", { name: "How to claim it" });
  await expect(howTo).toContainText(`Give it this invitation code: ${invitation.code}`);
  await expect(page.getByTestId("invitation-claim-call")).toContainText(`POST ${API}/invitations/${invitation.code}/claim`);

  // The invitee's UMA provider claims it with the code; the page then says so.
  const claimed = await request.post(`${API}/invitations/${invitation.code}/claim`, { headers, data: { inviteeUma: "$eve@other.example.com" } });
  expect(claimed.status(), await claimed.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("invitation-status")).toHaveText("CLAIMED");
  await expect(page.getByTestId("invitation-state")).toContainText("Already claimed");
  await expect(page.getByTestId("invitation-state")).toContainText("$eve@other.example.com");
  await expect(page.getByRole("region", { name: "How to claim it" })).toHaveCount(0);
});

test("a cancelled or expired invitation says it can no longer be claimed, and an unknown code is a friendly 404", async ({ page, request }) => {
  const cancelled = await createInvitation(request, {});
  expect((await request.post(`${API}/invitations/${cancelled.code}/cancel`, { headers })).status()).toBe(200);
  await page.goto(`/invite/${cancelled.code}`);
  await expect(page.getByRole("heading", { name: "You are invited", level: 1 })).toBeVisible();
  await expect(page.getByTestId("invitation-status")).toHaveText("CANCELLED");
  await expect(page.getByTestId("invitation-state")).toContainText("This invitation was cancelled");

  // Expires two seconds from now on the platform's (sandbox) clock.
  const clock = await (await request.get(`${API}/sandbox/clock`, { headers })).json();
  const expiring = await createInvitation(request, { expiresAt: new Date(Date.parse(clock.now) + 2_000).toISOString() });
  await page.waitForTimeout(2_500);
  await page.goto(`/invite/${expiring.code}`);
  await expect(page.getByTestId("invitation-status")).toHaveText("EXPIRED");
  await expect(page.getByTestId("invitation-state")).toContainText(`This invitation has expired`);
  await expect(page.getByTestId("invitation-state")).toContainText(`Ask ${INVITER} to send you a new invitation.`);

  const missing = await page.goto("/invite/NOPE0000");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Invitation not found" })).toBeVisible();
  await expect(page.getByTestId("invitation-not-found")).toContainText("ask the person who invited you to send it again");
});
