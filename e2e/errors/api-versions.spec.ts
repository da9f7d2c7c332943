import { expect, test } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth } from "../support";

const authorization = basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret);

// Before, any /api/… path outside the served version got the dashboard's HTML 404 page, which a
// client's JSON parser chokes on, with no hint that the version was the problem.
test("an /api/… path outside the served version answers the JSON error envelope naming the served version and base path", async ({ request }) => {
  for (const [method, path, hint] of [
    ["GET", "/api/2025-10-12/config", "API version 2025-10-12 is not served here"],
    ["POST", "/api/v1/customers", "API version v1 is not served here"],
    ["GET", "/api/config", "No such endpoint: GET /api/config"],
    ["DELETE", "/api", "No such endpoint: DELETE /api"],
  ] as const) {
    const response = await request.fetch(path, { method, headers: { authorization }, ...(method === "POST" && { data: {} }) });
    expect([path, response.status()]).toEqual([path, 404]);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toMatchObject({ status: 404, code: "NOT_FOUND", details: { servedVersion: "2025-10-13", basePath: API } });
    expect(body.message).toContain(hint);
    expect(body.message).toContain(`this server serves version 2025-10-13 at ${API}`);
  }
});

test("the served version, staff sign-in (next-auth) and the built-in webhook receiver keep their own answers", async ({ request }) => {
  const config = await request.get(`${API}/config`, { headers: { authorization } });
  expect(config.status()).toBe(200);
  expect((await config.json()).id).toMatch(/^Platform:/);
  const providers = await request.get("/api/auth/providers");
  expect(providers.status()).toBe(200);
  expect(await providers.json()).toHaveProperty("credentials");
  // The receiver's own answer for a platform it does not know, not the envelope.
  const receiver = await request.post("/api/webhook-receiver/Platform:00000000-0000-7000-8000-000000000000", { data: {} });
  expect([receiver.status(), await receiver.json()]).toEqual([404, { error: "No platform with this id" }]);
});
