import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { completeIndividual, onboarding } from "../verifications/onboarding-fixtures";

// Answers an integrator walking the API for the first time found confusing (.scratch/integrator-findings.md):
// each says what was wrong with the request and what to send instead.

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
});
afterAll(() => t.close());

describe("a path with a trailing slash (F1.2)", () => {
  it("is a 404 naming the path without the slash, never a 405 that lists the method it refused", async () => {
    for (const [method, path, served] of [
      ["GET", "/config/", "/config"],
      ["GET", "/customers/", "/customers"],
      ["POST", "/customers/", "/customers"],
      ["GET", "/customers/internal-accounts/", "/customers/internal-accounts"],
    ] as const) {
      const res = await t.call(method, path, { auth: p.auth, ...(method === "POST" && { body: {} }) });
      expect([method, path, res.status, res.json.code]).toEqual([method, path, 404, "NOT_FOUND"]);
      expect(res.json.message).toBe(`No such endpoint: ${method} /api/2025-10-13${path}. API paths take no trailing slash: use ${method} /api/2025-10-13${served}`);
      expect(res.headers.get("allow")).toBeNull();
    }
  });

  it("leaves a wrong method on a real path a 405, and an unknown path with a slash a plain 404", async () => {
    expect((await t.call("DELETE", "/config", { auth: p.auth })).status).toBe(405);
    const unknown = await t.call("GET", "/costumers/", { auth: p.auth });
    expect([unknown.status, unknown.json.message]).toEqual([404, expect.stringMatching(/^No such endpoint: GET \/api\/2025-10-13\/costumers\/\. The API is described at/)]);
  });
});

describe("an unknown path (F1.6)", () => {
  it("one or two letters from a served path suggests it, with the ids as sent", async () => {
    const typo = await t.call("GET", "/costumers", { auth: p.auth });
    expect([typo.status, typo.json.message]).toEqual([404, "No such endpoint: GET /api/2025-10-13/costumers. Did you mean /api/2025-10-13/customers? The API is described at /api/2025-10-13/openapi.json"]);
    const singular = await t.call("GET", "/customer/Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", { auth: p.auth });
    expect(singular.json.message).toContain("Did you mean /api/2025-10-13/customers/Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10?");
    expect((await t.call("GET", "/no-such-thing", { auth: p.auth })).json.message).not.toContain("Did you mean");
  });
});

describe("the request body's Content-Type (F2.2)", () => {
  it("an upload sent as JSON is told to use multipart/form-data, with its fields, and what it sent", async () => {
    const customer = await onboarding(t, p.auth).createCustomer(completeIndividual("Jay Son"));
    const res = await t.call("POST", "/documents", { auth: p.auth, body: { documentHolder: customer.id, documentType: "PASSPORT", country: "US" } });
    expect([res.status, res.json.code]).toEqual([400, "INVALID_INPUT"]);
    expect(res.json.message).toBe(
      "Content-Type must be multipart/form-data for POST /documents (fields: required file, documentType, country, documentHolder; optional side, documentNumber, issuingAuthority); got application/json",
    );
    expect(res.json.details).toEqual({ expectedContentType: ["multipart/form-data"], receivedContentType: "application/json" });
  });

  it("every upload endpoint names multipart/form-data; a JSON endpoint names JSON and the type that came", async () => {
    const replace = await t.call("PUT", "/documents/Document:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", { auth: p.auth, body: { documentType: "PASSPORT" } });
    expect(replace.json.message).toMatch(/^Content-Type must be multipart\/form-data for PUT \/documents\/Document:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10 \(fields: required file, /);
    const csv = await t.call("POST", "/customers/bulk/csv", { auth: p.auth, body: { file: "a,b" } });
    expect(csv.json.message).toBe("Content-Type must be multipart/form-data for POST /customers/bulk/csv (fields: required file); got application/json");
    const form = await t.call("PATCH", "/config", { auth: p.auth, rawBody: "umaDomain=x", headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" } });
    expect(form.json.message).toBe("Content-Type must be application/json for PATCH /config; got application/x-www-form-urlencoded");
    const text = await t.call("PATCH", "/config", { auth: p.auth, rawBody: '{"umaDomain":"x.example"}' }); // fetch labels a string text/plain
    expect([text.status, text.json.message]).toEqual([400, "Content-Type must be application/json for PATCH /config; got text/plain"]);
  });
});

describe("a JSON body that does not parse (F1.7)", () => {
  const json = { "content-type": "application/json" };

  it("an empty body is told it is empty", async () => {
    const res = await t.call("POST", "/customers", { auth: p.auth, rawBody: "", headers: json });
    expect([res.status, res.json.code, res.json.message]).toEqual([400, "INVALID_INPUT", "Request body is empty; send a JSON object"]);
    const optional = await t.call("POST", "/transactions/Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/cancel", { auth: p.auth, rawBody: " ", headers: json });
    expect(optional.json.message).toBe("Request body is empty; send a JSON object, or no Content-Type header when there is nothing to send");
  });

  it("malformed JSON is told where the parser stopped", async () => {
    const res = await t.call("PATCH", "/config", { auth: p.auth, rawBody: '{"umaDomain": "x" "y"}', headers: json });
    expect([res.status, res.json.code]).toEqual([400, "INVALID_INPUT"]);
    expect(res.json.message).toMatch(/^Request body is not valid JSON: .*position 18/);
  });
});

describe("an id without its Type: prefix, or of another type (F2.4)", () => {
  const uuid = "01a22379-79a1-700d-98c6-5491b941c14a";

  it("every resource's GET by id keeps its 404 and says the id form it expects", async () => {
    const resources = [
      ["/tokens", "Token"],
      ["/webhooks/events", "Webhook"],
      ["/customers/external-accounts", "ExternalAccount"],
      ["/platform/external-accounts", "ExternalAccount"],
      ["/internal-accounts", "InternalAccount"],
      ["/auth/delegated-keys", "DelegatedKey"],
      ["/transactions", "Transaction"],
      ["/quotes", "Quote"],
      ["/verifications", "Verification"],
      ["/documents", "Document"],
      ["/beneficial-owners", "BeneficialOwner"],
      ["/stablecoin-provider-accounts", "StablecoinProviderAccount"],
      ["/stablecoins", "Stablecoin"],
      ["/stablecoin-operations", "StablecoinOperation"],
      ["/cards", "Card"],
      ["/agents", "Agent"],
      ["/customers/bulk/jobs", "Job"],
      ["/customers", "Customer"],
    ] as const;
    for (const [list, type] of resources) {
      const res = await t.call("GET", `${list}/${uuid}`, { auth: p.auth });
      expect([list, res.status, res.json.message]).toEqual([list, 404, `${uuid} is not a ${type} id: ${type} ids look like ${type}:<uuid> (here ${type}:${uuid})`]);
    }
  });

  it("a bare uuid of a customer that exists, in a body or a path, is told to add the prefix; a well-formed unknown id is simply not found", async () => {
    const customer = await onboarding(t, p.auth).createCustomer(completeIndividual("Bea Reuuid"));
    const bare = customer.id.replace("Customer:", "");
    const body = await t.call("POST", "/verifications", { auth: p.auth, body: { customerId: bare } });
    expect([body.status, body.json.code, body.json.message]).toEqual([404, "USER_NOT_FOUND", `${bare} is not a Customer id: Customer ids look like Customer:<uuid> (here ${customer.id})`]);
    const path = await t.call("GET", `/customers/${bare}`, { auth: p.auth });
    expect([path.status, path.json.code, path.json.message]).toEqual([404, "USER_NOT_FOUND", body.json.message]);
    const unknown = await t.call("GET", `/customers/Customer:${uuid}`, { auth: p.auth });
    expect(unknown.json.message).toBe(`Customer Customer:${uuid} not found`);
  });

  it("another type's id is named as such", async () => {
    const res = await t.call("GET", `/quotes/InternalAccount:${uuid}`, { auth: p.auth });
    expect([res.status, res.json.code, res.json.message]).toEqual([404, "QUOTE_NOT_FOUND", `InternalAccount:${uuid} is an InternalAccount id, not a Quote id: Quote ids look like Quote:<uuid>`]);
  });
});

describe("credentials (F1.3, F1.4, F1.5)", () => {
  it("every 401 names the scheme to use in WWW-Authenticate: Basic for the platform's API, Bearer on the agents' own paths", async () => {
    for (const [path, auth] of [["/config", undefined], ["/customers", { clientId: p.auth.clientId, clientSecret: "wrong" }]] as const) {
      const res = await t.call("GET", path, { auth });
      expect([path, res.status, res.headers.get("www-authenticate")]).toEqual([path, 401, 'Basic realm="Service API", charset="UTF-8"']);
    }
    const agent = await t.call("GET", "/agents/me", { auth: "Bearer not-a-token" });
    expect([agent.status, agent.headers.get("www-authenticate")]).toEqual([401, 'Bearer realm="Service API agents"']);
    expect((await t.call("GET", "/config", { auth: p.auth })).headers.get("www-authenticate")).toBeNull();
  });

  it("Basic credentials that were not base64-encoded are told so", async () => {
    const res = await t.call("GET", "/config", { auth: `Basic ${p.auth.clientId}:${p.auth.clientSecret}` });
    expect([res.status, res.json.reason]).toEqual([401, "Basic credentials must be base64 of clientId:clientSecret (these look unencoded)"]);
  });

  it("the token's Token:<uuid> id as user name is told the user name is the bare clientId", async () => {
    const res = await t.call("GET", "/config", { auth: { clientId: `Token:${p.auth.clientId}`, clientSecret: p.auth.clientSecret } });
    expect([res.status, res.json.reason]).toEqual([401, "unknown clientId: the user name is the token's clientId (the bare uuid), not its Token:<uuid> id"]);
    const other = await t.call("GET", "/config", { auth: { clientId: "someone-else", clientSecret: "x" } });
    expect(other.json.reason).toBe("unknown clientId");
  });
});

describe("field errors in one shape (F3.8, F2.6, F2.7)", () => {
  const errorsOf = (res: { json: { details: { errors: unknown[] } } }) => res.json.details.errors;

  it("a missing or unknown discriminator answers like any enum: is required / must be one of, with constraint.enum", async () => {
    const base = { lockedCurrencySide: "SENDING", lockedCurrencyAmount: 100 };
    const missing = await t.call("POST", "/quotes", { auth: p.auth, body: { ...base, source: { accountId: "InternalAccount:x" }, destination: { destinationType: "ACCOUNT", accountId: "ExternalAccount:x" } } });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing)).toEqual([{ field: "source.sourceType", message: "is required", constraint: { required: true, enum: ["ACCOUNT", "REALTIME_FUNDING"] } }]);
    const unknown = await t.call("POST", "/quotes", { auth: p.auth, body: { ...base, source: { sourceType: "ACCOUNT", accountId: "InternalAccount:x" }, destination: { destinationType: "WIRE" } } });
    expect(errorsOf(unknown)).toEqual([{ field: "destination.destinationType", message: 'must be one of "ACCOUNT", "UMA_ADDRESS"', constraint: { enum: ["ACCOUNT", "UMA_ADDRESS"] } }]);
  });

  it("a missing enum field is required (constraint.required), a wrong one must be one of the values", async () => {
    const customer = await onboarding(t, p.auth).createCustomer(completeIndividual("Enna Um"));
    const upload = await onboarding(t, p.auth).upload({ documentHolder: customer.id, country: "US" });
    expect(upload.status).toBe(400);
    expect(upload.json.details.errors).toEqual([{ field: "documentType", message: "is required", constraint: { required: true, enum: expect.arrayContaining(["PASSPORT", "DRIVERS_LICENSE"]) } }]);
    const wrong = await onboarding(t, p.auth).upload({ documentHolder: customer.id, country: "US", documentType: "passport" });
    expect(wrong.json.details.errors[0]).toMatchObject({ field: "documentType", message: expect.stringMatching(/^must be one of "PASSPORT", /), constraint: { enum: expect.any(Array) } });
  });

  it("a date or date-time in another form names the format with an example, not a 300-character pattern", async () => {
    const res = await t.call("POST", "/customers", { auth: p.auth, body: { ...completeIndividual("Dee Tate"), birthDate: "12/09/1906" } });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toContainEqual({ field: "birthDate", message: "must be a date YYYY-MM-DD, e.g. 1990-01-31", constraint: { format: "date" } });
    const from = await t.call("GET", "/transactions?startDate=2026-11-28", { auth: p.auth });
    expect(errorsOf(from)).toEqual([{ field: "query.startDate", message: "must be an ISO 8601 date-time, e.g. 2026-11-28T18:00:00Z", constraint: { format: "datetime" } }]);
  });

  it("a fraction where money goes says amounts are whole numbers of the currency's smallest unit", async () => {
    const res = await t.call("POST", "/sandbox/internal-accounts/InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10/fund", { auth: p.auth, body: { amount: 100.5 } });
    expect(errorsOf(res)).toEqual([{ field: "amount", message: "must be a whole number in the currency's smallest unit (e.g. cents: 1050 for 10.50 USD)", constraint: { type: "int" } }]);
  });
});

describe("a query parameter the operation does not take (walk M11)", () => {
  it("is refused naming the parameters the operation takes, rather than ignored so the list answers every row", async () => {
    const filtered = await t.call("GET", "/transactions?type=CARD&issuerTransactionToken=tok_nope", { auth: p.auth });
    expect(filtered.status).toBe(400);
    expect(filtered.json.details.errors).toEqual([
      {
        field: "query.issuerTransactionToken",
        message: expect.stringMatching(/^is not a parameter of GET \/api\/2025-10-13\/transactions and would be ignored: it takes limit, cursor, customerId, .*cardId$/),
        constraint: { additionalProperties: false },
      },
    ]);
    const typo = await t.call("GET", "/customers?limit=5&statuss=ACTIVE", { auth: p.auth });
    expect(typo.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["query.statuss"]);
  });

  it("leaves the parameters an operation does take working, and a refused permission still answers 403 first", async () => {
    expect((await t.call("GET", "/transactions?type=CARD&limit=5&sortOrder=asc", { auth: p.auth })).status).toBe(200);
    const viewer = await t.call("POST", "/tokens", { auth: p.auth, body: { name: "viewer", permissions: ["VIEW"] } });
    const auth = { clientId: viewer.json.clientId, clientSecret: viewer.json.clientSecret };
    expect((await t.call("POST", "/tokens?foo=1", { auth, body: { name: "x", permissions: ["VIEW"] } })).status).toBe(403);
  });
});
