import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { ADMIN, API, BOOTSTRAP_TOKEN, basicAuth, callServerAction, signIn, signInAsNewMember } from "../support";

/**
 * A second server whose dashboard reaches the Service API over HTTP (SERVICE_BASE_URL) with one API
 * token, as when the two run apart: through a relay to the suite's own server, which the tests take
 * down and bring back. Sign-in keeps working throughout (staff live in the dashboard's own database).
 */
const SUITE_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORT = SUITE_PORT + 50;
const RELAY_PORT = SUITE_PORT + 51;
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = ".data/e2e-service-unreachable";

/** Headers about the connection, not the request: fetch sets its own. */
const HOP_BY_HOP = ["host", "connection", "keep-alive", "content-length", "transfer-encoding", "expect"];

let server: ChildProcess;
const relay = http.createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = Object.entries(request.headers).flatMap(([name, value]) =>
    typeof value === "string" && !HOP_BY_HOP.includes(name) ? [[name, value] as [string, string]] : [],
  );
  const answer = await fetch(`http://localhost:${SUITE_PORT}${request.url}`, {
    method: request.method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
  response.end(body);
});

async function serviceUp(): Promise<void> {
  await new Promise<void>((resolve) => relay.listen(RELAY_PORT, "127.0.0.1", resolve));
}

async function serviceDown(): Promise<void> {
  relay.closeAllConnections();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
}

test.use({ baseURL: BASE_URL });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn("node", ["dist/server.js"], {
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      PGLITE_DIR: DATA_DIR,
      DATABASE_URL: "",
      NEXTAUTH_URL: BASE_URL,
      NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret",
      BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      SERVICE_BASE_URL: `http://127.0.0.1:${RELAY_PORT}/api/2025-10-13`,
      SERVICE_CLIENT_ID: BOOTSTRAP_TOKEN.clientId,
      SERVICE_CLIENT_SECRET: BOOTSTRAP_TOKEN.clientSecret,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  await expect(async () => expect((await fetch(`${BASE_URL}/login`)).status).toBe(200)).toPass({ timeout: 110_000 });
});

test.afterAll(async () => {
  server?.kill();
  if (relay.listening) await serviceDown();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test("a page whose data cannot be loaded says so inside the dashboard, with a reference for support; Try again loads it once the service is back", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Transactions" }).click();

  const failure = page.getByTestId("page-error");
  await expect(failure.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
  await expect(failure.getByTestId("error-reference")).toHaveText(/\S+/); // the digest the server logged the error under
  // The frame stays: the user can go elsewhere, or sign out.
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  await serviceUp();
  try {
    await failure.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Transactions", level: 1 })).toBeVisible();
    await expect(failure).toHaveCount(0);
  } finally {
    await serviceDown();
  }
  await page.goto("/customers");
  await expect(failure.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
  await failure.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
});

test("a form sent while the service is unreachable says nothing was done and keeps what was typed; sent again once it is back, it goes through", async ({ page }) => {
  await signIn(page);
  await serviceUp();
  try {
    await page.goto("/customers/new");
    const name = `Katherine Johnson ${Date.now()}`;
    await page.getByLabel("Full name").fill(name);
    await serviceDown();
    await page.getByRole("button", { name: "Create customer" }).click();
    await expect(page.getByTestId("customer-form-error")).toContainText("The service could not be reached, so nothing was done.");
    await expect(page.getByLabel("Full name")).toHaveValue(name);

    await serviceUp();
    await page.getByRole("button", { name: "Create customer" }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  } finally {
    if (relay.listening) await serviceDown();
  }
});

test("over HTTP the dashboard still holds each member to their role: a Support member's direct call to create an API token is refused and none is made", async ({ browser, request }) => {
  await serviceUp();
  try {
    const support = await signInAsNewMember(browser, { name: "Remy Remote", role: "SUPPORT" });
    const name = `remote-sneaky-${Date.now()}`;
    const answer = await callServerAction(support, {
      file: "app/(dashboard)/api-tokens/actions.ts",
      name: "createTokenAction",
      path: "/api-tokens",
      input: { name, permissions: ["VIEW", "TRANSACT", "MANAGE"] },
    });
    expect(answer).toContain('"code":"FORBIDDEN"');
    expect(answer).toContain("lacks the MANAGE permission");
    // The dashboard's one token could have made it: the API has no such token.
    const tokens = await request.get(`http://localhost:${SUITE_PORT}${API}/tokens?limit=100`, { headers: { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) } });
    expect(tokens.status()).toBe(200);
    expect(JSON.stringify(await tokens.json())).not.toContain(name);
    await support.context().close();
  } finally {
    await serviceDown();
  }
});
