// Security, for every operation of our OpenAPI document: no credentials → 401; a token without the
// needed permission → 403; another platform's objects → 404; the envelope every time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BASE_PATH } from "@/lib/service/http/openapi";
import { createTestApp, type Credentials, type TestApp } from "@/lib/service/testing/test-app";
import { fillPath, listOperations, type Operation } from "./operations";

let t: TestApp;
let operations: Operation[];
let owner: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
let intruder: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
/** Ids of objects that belong to `owner`, by type prefix (Customer, InternalAccount, …). */
const ownerIds = new Map<string, string>();
const tally = { checks: 0 };

const PLACEHOLDER = "00000000-0000-7000-8000-000000000000";
/** POSTs that only compute an answer and change nothing: a VIEW token may call them. */
const READ_ONLY_POSTS = new Set(["POST /crypto/estimate-withdrawal-fee"]);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createTestPlatform();
  intruder = await t.createTestPlatform();
  operations = listOperations((await t.call("GET", "/openapi.json")).json).filter((o) => !o.isPublic);

  const customer = await t.call("POST", "/customers", { auth: owner.auth, body: { customerType: "INDIVIDUAL", platformCustomerId: "sec-1", fullName: "Owner Customer" } });
  ownerIds.set("Customer", customer.json.id);
  const account = (await t.call("GET", "/platform/internal-accounts", { auth: owner.auth })).json.data[0].id as string;
  ownerIds.set("InternalAccount", account);
  await t.call("POST", `/sandbox/internal-accounts/${account}/fund`, { auth: owner.auth, body: { amount: 500 } });
  ownerIds.set("Transaction", (await t.call("GET", "/transactions", { auth: owner.auth })).json.data[0].id);
  const external = await t.call("POST", "/platform/external-accounts", {
    auth: owner.auth,
    body: { currency: "USD", accountInfo: { accountType: "USD_ACCOUNT", accountNumber: "123456789", routingNumber: "021000021", bankAccountType: "CHECKING", beneficiary: { beneficiaryType: "BUSINESS", legalName: "Owner Inc", address: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701", country: "US" } } } },
  });
  if (external.status === 201) ownerIds.set("ExternalAccount", external.json.id);
  const token = await t.call("GET", "/tokens", { auth: owner.auth });
  ownerIds.set("Token", token.json.data[0].id);
  const policy = { permissions: [], defaultExecutionMode: "AUTO", spendingLimits: { currency: "USD", perTransactionLimit: 0 } };
  const agent = await t.call("POST", "/agents", { auth: owner.auth, body: { name: "Owner agent", customerId: customer.json.id, policy } });
  ownerIds.set("Agent", agent.json.agent.id);
});

/** AgentAuth operations (/agents/me/**): a platform token, even one with every permission, is refused (401/403); agent-side scoping is tested in lib/service/agents. */
const isAgentOperation = (operation: Operation) => operation.path === "/agents/me" || operation.path.startsWith("/agents/me/");
afterAll(async () => {
  console.log(`security: ${operations.length} operations, ${tally.checks} checks`);
  await t.close();
});

const basic = (c: Credentials) => `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString("base64")}`;

async function call(operation: Operation, authorization: string | undefined, pathValues: Record<string, string> = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization) headers.authorization = authorization;
  const values = Object.fromEntries(operation.pathParams.map((p) => [p, pathValues[p] ?? `Customer:${PLACEHOLDER}`]));
  const body = operation.method === "GET" || operation.method === "DELETE" ? undefined : "{}";
  const res = await t.api.request(`${API_BASE_PATH}${fillPath(operation.path, values)}`, { method: operation.method, headers, body });
  tally.checks++;
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, label: `${operation.method} ${operation.path}` };
}

/** The prefix an id path parameter expects: customerId → Customer, accountId → InternalAccount or ExternalAccount. */
function expectedPrefixes(param: string): string[] {
  if (param === "accountId") return ["InternalAccount", "ExternalAccount"];
  if (param === "tokenId") return ["Token"];
  const base = param.replace(/Id$/, "");
  return [base.charAt(0).toUpperCase() + base.slice(1)];
}

describe("security of every operation", () => {
  it("answers 401 UNAUTHORIZED without credentials and with a wrong secret", async () => {
    const wrong = basic({ clientId: owner.auth.clientId, clientSecret: "wrong-secret" });
    const failures: string[] = [];
    for (const operation of operations)
      for (const authorization of [undefined, wrong]) {
        const res = await call(operation, authorization);
        if (res.status !== 401 || res.json?.code !== "UNAUTHORIZED" || res.json?.status !== 401) failures.push(`${res.label} (${authorization ? "wrong secret" : "no credentials"}) → ${res.status}`);
      }
    expect(failures).toEqual([]);
  });

  it("answers 403 FORBIDDEN to a token without permissions, and to a VIEW token on every change", async () => {
    const none = basic(await owner.tokenWith([]));
    const viewOnly = basic(await owner.tokenWith(["VIEW"]));
    const failures: string[] = [];
    for (const operation of operations) {
      if (isAgentOperation(operation)) {
        const platform = await call(operation, basic(owner.auth));
        if ((platform.status !== 401 && platform.status !== 403) || platform.json?.status !== platform.status) failures.push(`${platform.label} with a platform token → ${platform.status}`);
        continue;
      }
      const res = await call(operation, none);
      if (res.status !== 403 || res.json?.code !== "FORBIDDEN") failures.push(`${res.label} without permissions → ${res.status}`);
      if (operation.method !== "GET" && !READ_ONLY_POSTS.has(`${operation.method} ${operation.path}`)) {
        const view = await call(operation, viewOnly);
        if (view.status !== 403) failures.push(`${view.label} with VIEW only → ${view.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("never shows or changes another platform's objects: their ids answer 404", async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const operation of operations) {
      if (isAgentOperation(operation)) continue; // platform credentials never reach them (see the 403 test)
      const values: Record<string, string> = {};
      for (const param of operation.pathParams) {
        const id = expectedPrefixes(param).map((prefix) => ownerIds.get(prefix)).find(Boolean);
        if (id) values[param] = id;
      }
      if (Object.keys(values).length === 0 || Object.keys(values).length !== operation.pathParams.length) continue;
      probes++;
      const res = await call(operation, basic(intruder.auth), values);
      // 400 is acceptable only when the request body itself is invalid before any lookup; never 2xx or 403/409 that would confirm existence.
      if (res.status !== 404 && res.status !== 400) failures.push(`${res.label} with the other platform's ${Object.values(values).join(", ")} → ${res.status}`);
      if (res.status < 300) failures.push(`${res.label} leaked another platform's object`);
    }
    expect(probes).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  });
});
