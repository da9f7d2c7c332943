import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { API, callServerAction, signIn, signInAsNewMember } from "../support";
import { walletCustomer, walletLinkFromDashboard } from "../wallet/setup";

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

/** What every answer that is not the Service API carries (lib/security-headers.ts). */
function expectSecurityHeaders(response: APIResponse, label: string): string {
  const headers = response.headers();
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], label).toContain("camera=()");
  const policy = headers["content-security-policy"] ?? "";
  const d = directives(policy);
  expect(d.get("frame-ancestors"), `${label}: ${policy}`).toEqual(["'none'"]);
  expect(d.get("object-src"), label).toEqual(["'none'"]);
  expect(d.get("base-uri"), label).toEqual(["'self'"]);
  expect(d.get("form-action"), label).toEqual(["'self'"]);
  const nonce = d.get("script-src")?.find((source) => source.startsWith("'nonce-"));
  expect(nonce, `${label}: script-src has a nonce`).toBeTruthy();
  expect(d.get("script-src"), label).not.toContain("'unsafe-inline'");
  return nonce!.slice("'nonce-".length, -1);
}

test("every page, static file and error answer forbids framing and sniffing and carries a nonce policy that Next's scripts carry", async ({ request }) => {
  const pages = ["/login", "/", "/team", "/no-such-page", "/customers/Customer:00000000-0000-7000-8000-000000000000", "/wallet/not-a-link", "/wallet/idp", "/verify/kyc/not-a-kyc-token", "/change-password"];
  const nonces = new Set<string>();
  for (const path of pages) {
    const response = await request.get(path, { maxRedirects: 0 });
    const nonce = expectSecurityHeaders(response, path);
    nonces.add(nonce);
    if (response.status() === 200 || response.status() === 404) {
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length, `${path} has scripts`).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, `${path}: every script carries the nonce`).toContain(`nonce="${nonce}"`);
    }
  }
  expect(nonces.size, "a fresh nonce per answer").toBe(pages.length);

  const login = await (await request.get("/login")).text();
  const chunk = login.match(/\/_next\/static\/[^"]+\.js/)![0];
  for (const path of [chunk, "/favicon.ico", "/api/auth/csrf", "/cards/%E0%A4%A"]) expectSecurityHeaders(await request.get(path), path);

  // The Service API keeps its JSON answers; nosniff is all it gains.
  const api = await request.get(`${API}/openapi.json`);
  expect(api.status()).toBe(200);
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["content-security-policy"]).toBeUndefined();
});

/** Loads a page of another origin that frames `url`; answers the frame once its load settled. */
async function frameFromElsewhere(page: Page, url: string) {
  await page.route("http://elsewhere.test/**", (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><title>Win a prize</title><iframe id="target" src="${url}" width="800" height="600"></iframe>` }),
  );
  await page.goto("http://elsewhere.test/prize");
  await expect.poll(() => page.frames().length).toBe(2);
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  await frame.waitForLoadState("load").catch(() => undefined);
  return frame;
}

test("another site cannot frame the wallet approval page or the dashboard (clickjacking)", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(60_000);
  const customer = await walletCustomer(request);
  const link = new URL(await walletLinkFromDashboard(page, customer.customerId), baseURL).href;
  const attacker = await (await browser.newContext()).newPage();
  for (const [url, text] of [
    [link, "Your wallet"],
    [`${baseURL}/login`, "Sign in to the dashboard"],
  ] as const) {
    const frame = await frameFromElsewhere(attacker, url);
    // Chromium replaces a refused frame with its own error page: nothing of ours renders in it.
    await expect.poll(() => frame.url()).not.toContain(new URL(baseURL!).host);
    await expect(attacker.frameLocator("#target").getByText(text)).toHaveCount(0);
  }
  await attacker.context().close();
});

test("script injected into a page does not run (no inline handlers without the nonce); the pages themselves hydrate", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(`${page.url()}: ${message.text()}`);
  });
  await signIn(page); // the login form works only once hydrated
  for (const path of ["/", "/team", "/api-tokens", "/api-reference", "/no-such-page", "/wallet/not-a-link", "/wallet/idp"]) {
    await page.goto(path);
    await page.waitForLoadState("load");
  }
  expect(violations).toEqual([]);

  // Powerful features no page uses are off for any script; passkeys, which the wallet signs in with, are not.
  const allowed = await page.evaluate(() => {
    const policy = (document as Document & { featurePolicy: { allowsFeature(feature: string): boolean } }).featurePolicy;
    return Object.fromEntries(["camera", "microphone", "geolocation", "publickey-credentials-get", "publickey-credentials-create"].map((f) => [f, policy.allowsFeature(f)]));
  });
  expect(allowed).toEqual({ camera: false, microphone: false, geolocation: false, "publickey-credentials-get": true, "publickey-credentials-create": true });

  // What an HTML injection would try: an inline event handler. The policy refuses it.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML("beforeend", `<img id="probe" src="/no-such-image" onerror="document.title = 'injected'">`);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.title()).not.toBe("injected");
});

test("signing out ends the session on the server: a copy of its cookie no longer opens the dashboard", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  const copied = await context.storageState();
  expect(copied.cookies.map((c) => c.name)).toContain("next-auth.session-token");
  const cookie = copied.cookies.find((c) => c.name === "next-auth.session-token")!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");
  expect(cookie.path).toBe("/");

  // The copy works while the session lasts…
  const thief = await browser.newContext({ storageState: copied });
  const stolen = await thief.newPage();
  await stolen.goto("/team");
  await expect(stolen.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // …and not after the user signed out.
  await stolen.goto("/team");
  await expect(stolen).toHaveURL(/\/login(\?next=[^&]*)?$/);
  const session = await thief.request.get("/api/auth/session");
  expect(await session.json()).toEqual({});
  await thief.close();
  await context.close();
});

test("Support and Operator calling admin-only server actions directly by id are refused; nothing changes", async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  for (const role of ["SUPPORT", "OPERATOR"] as const) {
    const page = await signInAsNewMember(browser, { name: `${role === "SUPPORT" ? "Sid" : "Olga"} Direct`, role });
    const session = (await (await page.request.get("/api/auth/session")).json()) as { user: { id: string } };
    const calls = [
      { file: "app/(dashboard)/api-tokens/actions.ts", name: "createTokenAction", path: "/api-tokens", input: { name: `sneaky-${role}`, permissions: ["VIEW", "TRANSACT", "MANAGE"] } },
      { file: "app/(dashboard)/api-tokens/actions.ts", name: "revokeTokenAction", path: "/api-tokens", input: { tokenId: "ApiToken:00000000-0000-7000-8000-000000000000" } },
      { file: "app/(dashboard)/team/actions.ts", name: "changeTeamMemberRoleAction", path: "/team", input: { staffId: session.user.id, role: "ADMIN" } },
      { file: "app/(dashboard)/team/actions.ts", name: "addTeamMemberAction", path: "/team", input: { name: "Mallory", email: `mallory-${role}-${Date.now()}@example.com`, role: "ADMIN" } },
      { file: "app/(dashboard)/webhooks/actions.ts", name: "setBuiltInReceiverAction", path: "/webhooks", input: { isEnabled: true } },
      { file: "app/(dashboard)/(overview)/actions.ts", name: "dismissBootstrapCredentialsAction", path: "/", input: undefined },
    ];
    for (const call of calls) {
      const answer = await callServerAction(page, call);
      expect(answer, `${role} ${call.name}`).toContain('"ok":false');
      expect(answer, `${role} ${call.name}`).toContain('"code":"FORBIDDEN"');
    }
    // Still what it was: the role, and no token named for the attempt.
    expect(((await (await page.request.get("/api/auth/session")).json()) as { user: { role: string } }).user.role).toBe(role);
    await page.context().close();
  }
  await admin.goto("/api-tokens");
  await expect(admin.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
  await expect(admin.getByText(/sneaky-/)).toHaveCount(0);
  await admin.context().close();
});
