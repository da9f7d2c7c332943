// Bad input, property-based: for every operation of our OpenAPI document, generated malformed
// requests (wrong types, missing fields, huge strings, unknown enum values, invalid and foreign ids,
// overflowing amounts, broken JSON, deep nesting, invalid UTF-8, the wrong content type) must never
// produce a 5xx, must always answer in the error envelope, and must answer only with a status the
// document lists for the operation and a body its schema for that status accepts (ANCHORS R5).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BASE_PATH } from "@/lib/service/http/openapi";
import { createTestApp, type Credentials, type TestApp } from "@/lib/service/testing/test-app";
import { FULL_SIZE, fillPath, listOperations, objectFields, responseChecker, type Operation, type Schema } from "./operations";

const RUNS_PER_OPERATION = FULL_SIZE ? 200 : 10;
const HUGE = "x".repeat(100_000);

let t: TestApp;
let auth: Credentials;
let operations: Operation[];
let checkResponse: ReturnType<typeof responseChecker>;
let doc: Parameters<typeof listOperations>[0];
let idPool: string[];
const tally = { operations: 0, requests: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  t = await createTestApp();
  const own = await t.createTestPlatform();
  auth = own.auth;
  const other = await t.createTestPlatform();
  doc = (await t.call("GET", "/openapi.json")).json;
  operations = listOperations(doc);
  checkResponse = responseChecker(doc);
  idPool = [
    "not-an-id",
    "Customer:not-a-uuid",
    "Customer:00000000-0000-7000-8000-000000000000",
    "Transaction:00000000-0000-7000-8000-000000000000",
    "00000000-0000-7000-8000-000000000000",
    "../../etc/passwd",
    "%00",
    "😀",
    HUGE.slice(0, 5000),
    ...(await idsOf(own.auth)),
    ...(await idsOf(other.auth)),
  ];
}, 120_000);

afterAll(async () => {
  console.log(
    `bad input: ${tally.operations} operations, ${tally.requests} malformed requests, statuses ${[...tally.byStatus].sort().map(([s, n]) => `${s}×${n}`).join(" ")}`,
  );
  await t.close();
});

/** Ids of real objects on a platform: a customer, its accounts, a platform account and a transaction. */
async function idsOf(credentials: Credentials): Promise<string[]> {
  const customer = await t.call("POST", "/customers", { auth: credentials, body: { customerType: "INDIVIDUAL", platformCustomerId: `fuzz-${Math.random()}`, fullName: "Fuzz Person" } });
  const accounts = await t.call("GET", "/platform/internal-accounts", { auth: credentials });
  const platformAccount = accounts.json?.data?.[0]?.id as string | undefined;
  const ids = [customer.json?.id, platformAccount];
  if (platformAccount) {
    await t.call("POST", `/sandbox/internal-accounts/${platformAccount}/fund`, { auth: credentials, body: { amount: 1000 } });
    const transactions = await t.call("GET", "/transactions", { auth: credentials });
    ids.push(transactions.json?.data?.[0]?.id);
  }
  return ids.filter((id): id is string => typeof id === "string");
}

const junk = fc.oneof(
  fc.string(),
  fc.constant(HUGE),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1e21, -1e21, 2 ** 63, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, 1.5),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("NOT_AN_ENUM", "", " ", "-1", "1e309", "Customer:nope", "2026-13-45T99:99:99Z", "<script>"),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }),
);

function valueFor(schema: Schema): fc.Arbitrary<unknown> {
  const enums = (schema.enum ?? schema.items?.enum) as unknown[] | undefined;
  return enums?.length ? fc.oneof(fc.constantFrom(...enums), junk) : junk;
}

/** JSON nested far deeper than any schema, as an array and as an object. */
const DEEP = ["[".repeat(5_000) + "]".repeat(5_000), '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000)];
/** A JSON object whose string holds bytes that are not UTF-8. */
const NOT_UTF8 = new Uint8Array([...Buffer.from('{"fullName":"'), 0xff, 0xfe, 0xc3, 0x28, ...Buffer.from('"}')]);

type Body = { raw: string } | { json: unknown } | { bytes: Uint8Array<ArrayBuffer> };

/** A body: the operation's own fields with random (mostly wrong) values, or something else entirely. */
function bodyFor(operation: Operation): fc.Arbitrary<Body> {
  const properties: Record<string, Schema> = operation.body ? objectFields(doc, operation.body.schema).properties : {};
  const names = Object.keys(properties);
  const fields =
    names.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(names.map((name) => [name, valueFor(properties[name]!)])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 4, arbitrary: fields.map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.jsonValue().map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.constantFrom("{", '{"a":', "nul", "[1,2", "\u0000", '{"amount": 1e999}', ...DEEP).map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.constant({ bytes: NOT_UTF8 }) },
  );
}

function requestFor(operation: Operation) {
  return fc.record({
    pathValues: fc.record(Object.fromEntries(operation.pathParams.map((name) => [name, fc.constantFrom(...idPool)]))),
    query: fc.dictionary(
      fc.constantFrom("limit", "cursor", ...operation.queryParams.map((p) => p.name)),
      fc.oneof(fc.string(), fc.constantFrom("-1", "0", "1e9", "abc", "NOT_AN_ENUM", "2026-99-01", HUGE.slice(0, 3000))),
      { maxKeys: 3 },
    ),
    body: bodyFor(operation),
    // Mostly what the operation takes; sometimes a type it does not.
    contentType: fc.constantFrom("application/json", "application/json", "application/json", "text/plain", "application/x-www-form-urlencoded"),
  });
}

async function send(operation: Operation, input: { pathValues: Record<string, string>; query: Record<string, string>; body: Body; contentType: string }) {
  const query = new URLSearchParams(input.query).toString();
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${auth.clientId}:${auth.clientSecret}`).toString("base64")}` };
  let body: string | Uint8Array<ArrayBuffer> | FormData | undefined;
  if (operation.method !== "GET" && operation.method !== "DELETE") {
    if (operation.body?.contentType.startsWith("multipart/")) {
      const form = new FormData();
      const value = "json" in input.body ? input.body.json : "raw" in input.body ? input.body.raw : new TextDecoder().decode(input.body.bytes);
      if (value && typeof value === "object" && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
      else form.append("file", new Blob([String(value)]), "junk.bin");
      body = form;
    } else {
      headers["content-type"] = input.contentType;
      body = "raw" in input.body ? input.body.raw : "bytes" in input.body ? input.body.bytes : JSON.stringify(input.body.json);
    }
  }
  const url = `${API_BASE_PATH}${fillPath(operation.path, input.pathValues)}${query ? `?${query}` : ""}`;
  const res = await t.api.request(url, { method: operation.method, headers, body });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers };
}

describe("bad input never breaks the service", () => {
  it("answers every malformed request to every operation with a 4xx (or success) in the error envelope, never a 5xx, and only with the statuses and bodies the document lists", async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      tally.operations++;
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (input) => {
          const res = await send(operation, input);
          tally.requests++;
          tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
          if (res.status >= 500) {
            failures.push(`${operation.method} ${operation.path} → ${res.status}: ${res.text.slice(0, 300)} (input ${JSON.stringify(input).slice(0, 300)})`);
            return false;
          }
          if (!operation.statuses.includes(String(res.status))) {
            failures.push(`${operation.method} ${operation.path} → ${res.status}, which its document does not list (${operation.statuses.join(", ")}): ${res.text.slice(0, 200)}`);
            return false;
          }
          const problems = res.text && res.headers.get("content-type")?.startsWith("application/json") ? checkResponse(operation, res.status, JSON.parse(res.text)) : [];
          if (problems.length > 0) {
            failures.push(`${operation.method} ${operation.path} → ${res.status} does not match its documented schema: ${problems.join("; ")} in ${res.text.slice(0, 200)}`);
            return false;
          }
          if (res.status >= 400) {
            const json = JSON.parse(res.text) as { status?: unknown; code?: unknown; message?: unknown };
            if (json.status !== res.status || typeof json.code !== "string" || typeof json.message !== "string" || json.message.length === 0) {
              failures.push(`${operation.method} ${operation.path} → ${res.status} outside the envelope: ${res.text.slice(0, 300)}`);
              return false;
            }
          }
          return true;
        }),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      ).catch(() => undefined); // collected in `failures`, so one report names every broken operation
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("refuses a body over the size limit with 413 in the envelope", async () => {
    const res = await t.api.request(`${API_BASE_PATH}/customers`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${auth.clientId}:${auth.clientSecret}`).toString("base64")}`, "content-type": "application/json" },
      body: JSON.stringify({ fullName: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
  });
});
