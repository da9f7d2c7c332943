import http from "node:http";
import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ADMIN, E2E_SIGN_IN_IP_MAX_FAILURES, signIn, trySignIn } from "../support";

// The browser signs in from 127.0.0.1, as every other spec does, and that address must stay
// unlocked. The attacker here is another loopback address (all of 127/8 is this machine): the
// server counts the socket's address, so the test connects from it rather than claiming it.
const attacker = `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request to the e2e server, sent from the local address `from`. */
function requestFrom(from: string, baseURL: string, options: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<Answer> {
  const url = new URL(options.path, baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: url.port, path: url.pathname + url.search, method: options.method, localAddress: from, headers: { ...options.headers, host: url.host } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/**
 * A credentials sign-in as next-auth's client makes it (CSRF token, then the callback), from
 * `from`, claiming to be `claimedIp` in the header the server sets itself. Answers next-auth's
 * `error` (null when signed in).
 */
async function signInFrom(from: string, baseURL: string, email: string, password: string, claimedIp: string): Promise<string | null> {
  const csrf = await requestFrom(from, baseURL, { method: "GET", path: "/api/auth/csrf", headers: { "x-client-ip": claimedIp } });
  const cookie = (csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const form = new URLSearchParams({ email, password, csrfToken, callbackUrl: baseURL, json: "true" }).toString();
  const answer = await requestFrom(from, baseURL, {
    method: "POST",
    path: "/api/auth/callback/credentials",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", "x-client-ip": claimedIp },
    body: form,
  });
  const { url } = JSON.parse(answer.body) as { url: string };
  return new URL(url).searchParams.get("error");
}

// The limit is the suite's (E2E_SIGN_IN_IP_MAX_FAILURES, for the reason given there); the default
// of 20 is proven in lib/service/staff/sign-in-ip-throttle.test.ts.
test("failed sign-ins from one address up to the limit, whatever the emails and whatever address it claims, refuse it the right password of another email; the sign-in page says so and for how long; other addresses still sign in", async ({ browser, baseURL }) => {
  test.setTimeout(180_000); // some fifty sign-ins, each a password hash on a slow machine
  const limit = E2E_SIGN_IN_IP_MAX_FAILURES;
  for (let attempt = 1; attempt < limit; attempt++) {
    // Each guess at another email, and each claiming another address: neither escapes the count.
    expect(await signInFrom(attacker, baseURL!, `guess-${attempt}-${Date.now()}@example.com`, "wrong-password", `203.0.113.${attempt}`)).toBe("CredentialsSignin");
  }
  expect(await signInFrom(attacker, baseURL!, `guess-${limit}-${Date.now()}@example.com`, "wrong-password", `203.0.113.${limit}`)).toBe("TOO_MANY_ATTEMPTS_FROM_IP:900");

  // The admin's right password, from the locked address, claiming to be the browser's: refused.
  expect(await signInFrom(attacker, baseURL!, ADMIN.email, ADMIN.password, "127.0.0.1")).toMatch(/^TOO_MANY_ATTEMPTS_FROM_IP:(8[4-9]\d|900)$/);

  // The sign-in page, its request sent from the locked address, says what happened and how long to wait.
  const locked = await (await browser.newContext()).newPage();
  await locked.route("**/api/auth/callback/credentials", async (route) => {
    const request = route.request();
    const headers = Object.fromEntries(Object.entries(await request.allHeaders()).filter(([name]) => !name.startsWith(":")));
    const answer = await requestFrom(attacker, baseURL!, { method: request.method(), path: new URL(request.url()).pathname, headers, body: request.postData() ?? undefined });
    await route.fulfill({ status: answer.status, contentType: String(answer.headers["content-type"] ?? "application/json"), body: answer.body });
  });
  await locked.goto("/login");
  await trySignIn(locked, ADMIN.email, ADMIN.password);
  await expect(locked.getByTestId("login-error")).toHaveText(
    /^Too many failed sign-ins from your network \(IP address\), whatever the email\. Every sign-in from it is refused for now; try again in 1[45] minutes\.$/,
  );
  await expect(locked).toHaveURL(/\/login$/);

  // The admin's email was never counted: from the browser's own address it signs in at once.
  const page = await (await browser.newContext()).newPage();
  await signIn(page);
  await expect(page.getByTestId("user-role")).toHaveText("Admin");
});
