import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { CustomerSchema } from "./schemas";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
});
afterAll(() => t.close());

type Platform = typeof p;
type Field = { field: string; message: string; constraint: Record<string, unknown> };
const fields = (res: { json: { details: { errors: Field[] } } }) => res.json.details.errors.map((e) => e.field).sort();
const errorFor = (res: { json: { details: { errors: Field[] } } }, field: string) => res.json.details.errors.find((e) => e.field === field);

const individual = (extra: Record<string, unknown> = {}) => ({
  customerType: "INDIVIDUAL",
  fullName: "Ada Lovelace",
  birthDate: "1990-12-10",
  nationality: "GB",
  email: "ada@example.com",
  phoneNumber: "+14155550123",
  address: { line1: "1 Main St", city: "San Francisco", state: "CA", postalCode: "94105", country: "US" },
  ...extra,
});
const business = (extra: Record<string, unknown> = {}) => ({
  customerType: "BUSINESS",
  address: { line1: "500 Market St", postalCode: "94105", country: "US" },
  businessInfo: { legalName: "Acme Corp", country: "US", registrationNumber: "REG-1" },
  ...extra,
});

async function create(platform: Platform, body: Record<string, unknown>) {
  return t.call("POST", "/customers", { auth: platform.auth, body });
}

/** Lets a platform hold currencies beyond the sandbox defaults (USD, USDC, USDB). */
async function enableCurrencies(platform: Platform, codes: string[]) {
  await t.db.platform.update({
    where: { id: platform.platform.id },
    data: {
      supportedCurrencies: codes.map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ["INCOMING", "OUTGOING"] })),
    },
  });
}

describe("POST /customers", () => {
  it("creates an individual with every reference field and returns it in the response schema", async () => {
    const body = individual({
      platformCustomerId: "ind-full",
      region: "US",
      currencies: ["USD"],
      umaAddress: "$ada@uma.example.com",
      idType: "SSN",
      identifier: "123-45-6789",
      countryOfIssuance: "US",
      sourceOfFundsCategories: ["SALARY", "OTHER"],
      sourceOfFundsOtherDescription: "Royalties",
      sourceOfWealthCategories: ["INVESTMENTS"],
      purposeOfAccount: "P2P_TRANSFERS",
      expectedMonthlyTransactionCount: "COUNT_10_TO_100",
      expectedMonthlyTransactionVolume: "VOLUME_UNDER_10K",
      annualIncomeRange: "RANGE_100K_250K",
      netWorthRange: "RANGE_500K_1M",
      pepStatus: "NONE",
    });
    const res = await create(p, body);
    expect(res.status).toBe(201);
    expect(CustomerSchema.safeParse(res.json).success).toBe(true);
    const { identifier: _identifier, ...expected } = body as Record<string, unknown>;
    expect(res.json).toMatchObject({ ...expected, kycStatus: "UNVERIFIED", isDeleted: false, agreementConsents: [] });
    expect(res.json.id).toMatch(/^Customer:[0-9a-f-]{36}$/);
    expect(res.json).not.toHaveProperty("identifier");
    expect(res.json).not.toHaveProperty("endUserTermsConsent");

    const fetched = await t.call("GET", `/customers/${res.json.id}`, { auth: p.auth });
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual(res.json);
  });

  it("creates a business with businessInfo and kybStatus", async () => {
    const res = await create(p, business({ businessInfo: { legalName: "Acme Corp", country: "US", entityType: "LLC", naicsCode: "5415", businessType: "INFORMATION", taxId: "12-3456789" } }));
    expect(res.status).toBe(201);
    expect(CustomerSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ customerType: "BUSINESS", kybStatus: "UNVERIFIED", businessInfo: { legalName: "Acme Corp", entityType: "LLC", naicsCode: "5415" } });
    expect(res.json).not.toHaveProperty("kycStatus");
  });

  it("defaults platformCustomerId to the id, umaAddress to a generated address and currencies to the platform's", async () => {
    const res = await create(p, { customerType: "INDIVIDUAL" });
    expect(res.status).toBe(201);
    expect(res.json.platformCustomerId).toBe(res.json.id);
    expect(res.json.umaAddress).toMatch(/^\$[a-z0-9]+@customers\.sandbox\.uma\.example$/);
    expect(res.json.currencies).toEqual(["USD", "USDC", "USDB"]);
  });

  it("generates umaAddress on the platform's umaDomain when it has one", async () => {
    const q = await t.createTestPlatform();
    await t.db.platform.update({ where: { id: q.platform.id }, data: { umaDomain: "pay.acme.example" } });
    const res = await create(q, { customerType: "INDIVIDUAL" });
    expect(res.json.umaAddress).toMatch(/@pay\.acme\.example$/);
  });

  it("starts customers APPROVED on regulated platforms", async () => {
    const q = await t.createTestPlatform();
    await t.db.platform.update({ where: { id: q.platform.id }, data: { isRegulatedFinancialInstitution: true } });
    expect((await create(q, individual())).json.kycStatus).toBe("APPROVED");
    expect((await create(q, business())).json.kybStatus).toBe("APPROVED");
  });

  it("ignores a kycStatus sent by the client", async () => {
    const res = await create(p, individual({ kycStatus: "APPROVED" }));
    expect(res.status).toBe(201);
    expect(res.json.kycStatus).toBe("UNVERIFIED");
  });

  it("lists every invalid field at once, each with a constraint", async () => {
    const res = await create(p, {
      customerType: "INDIVIDUAL",
      email: "not-an-email",
      phoneNumber: "0155",
      birthDate: "1990-02-30",
      nationality: "usa",
      umaAddress: "alice@example.com",
      address: { line1: "", country: "US" },
      annualIncomeRange: "LOTS",
      currencies: ["XYZ"],
      unknownField: 1,
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, code: "INVALID_INPUT" });
    expect(fields(res)).toEqual(
      ["address.line1", "address.postalCode", "annualIncomeRange", "birthDate", "currencies.0", "email", "nationality", "phoneNumber", "umaAddress", "unknownField"].sort(),
    );
    for (const error of res.json.details.errors) expect(Object.keys(error.constraint).length).toBeGreaterThan(0);
    expect(errorFor(res, "address.postalCode")!.constraint).toMatchObject({ required: true });
    expect(errorFor(res, "annualIncomeRange")!.constraint.enum).toContain("OVER_1M");
  });

  it("lists cross-field rule errors together with field errors", async () => {
    const res = await create(p, individual({ email: "bad", idType: "SSN", currencies: ["USD", "USD", "EUR"], purposeOfAccount: "OTHER", birthDate: "2999-01-01" }));
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual(["birthDate", "currencies.1", "currencies.2", "email", "identifier", "purposeOfAccountOtherDescription"]);
    expect(errorFor(res, "currencies.1")!.constraint).toEqual({ uniqueItems: true });
    expect(errorFor(res, "currencies.2")!.constraint).toEqual({ enum: ["USD", "USDC", "USDB"] });
    expect(errorFor(res, "identifier")!.constraint).toEqual({ required: true });
  });

  it("checks identifier formats per idType and requires idType with an identifier", async () => {
    const ssn = await create(p, individual({ idType: "SSN", identifier: "12-345" }));
    expect(ssn.status).toBe(400);
    expect(errorFor(ssn, "identifier")).toMatchObject({ message: "is not a valid SSN" });
    const ein = await create(p, individual({ idType: "EIN", identifier: "12-3456789" }));
    expect(ein.status).toBe(201);
    const lone = await create(p, individual({ identifier: "123-45-6789" }));
    expect(fields(lone)).toEqual(["idType"]);
  });

  it("answers an idType named like an object's own property (constructor, toString, __proto__) as an unknown idType, not a 500", async () => {
    for (const idType of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const res = await create(p, individual({ idType, identifier: "123-45-6789" }));
      expect([idType, res.status, errorFor(res, "idType")?.field]).toEqual([idType, 400, "idType"]);
    }
    const created = await create(p, individual());
    const patched = await t.call("PATCH", `/customers/${created.json.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", idType: "constructor", identifier: "x" } });
    expect([patched.status, errorFor(patched, "idType")?.field]).toEqual([400, "idType"]);
  });

  it("requires the descriptions of OTHER categories", async () => {
    const res = await create(p, individual({ sourceOfFundsCategories: ["OTHER"], sourceOfWealthCategories: ["GIFT", "OTHER"] }));
    expect(fields(res)).toEqual(["sourceOfFundsOtherDescription", "sourceOfWealthOtherDescription"]);
    const biz = await create(p, business({ businessInfo: { legalName: "X", country: "US", sourceOfFundsCategories: ["OTHER"] } }));
    expect(fields(biz)).toEqual(["businessInfo.sourceOfFundsOtherDescription"]);
  });

  it("answers an unknown or missing customerType with the allowed values", async () => {
    const unknown = await create(p, { customerType: "ROBOT" });
    expect(res400(unknown)).toEqual([{ field: "customerType", message: "must be one of INDIVIDUAL, BUSINESS", constraint: { enum: ["INDIVIDUAL", "BUSINESS"] } }]);
    const missing = await create(p, { fullName: "A B" });
    expect(missing.json.details.errors[0]).toMatchObject({ field: "customerType", message: "is required" });
  });

  it("requires businessInfo with legalName and country for businesses, and rejects individual fields on them", async () => {
    const none = await create(p, { customerType: "BUSINESS" });
    expect(fields(none)).toEqual(["businessInfo"]);
    const partial = await create(p, { customerType: "BUSINESS", businessInfo: {}, fullName: "A B" });
    expect(fields(partial)).toEqual(["businessInfo.country", "businessInfo.legalName", "fullName"]);
  });

  it("rejects a body that is not JSON", async () => {
    const res = await t.call("POST", "/customers", { auth: p.auth, rawBody: "{", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
  });
});

function res400(res: { status: number; json: { details: { errors: Field[] } } }) {
  expect(res.status).toBe(400);
  return res.json.details.errors;
}

describe("business taxId and incorporatedOn", () => {
  it("are optional for currencies without direct customer-owned accounts", async () => {
    const res = await create(p, business({ currencies: ["USD"] }));
    expect(res.status).toBe(201);
  });

  it("are required, naming each missing field, when the business holds BRL, MXN or INR", async () => {
    const q = await t.createTestPlatform();
    await enableCurrencies(q, ["USD", "BRL", "MXN", "INR"]);
    for (const currency of ["BRL", "MXN", "INR"]) {
      const res = await create(q, business({ currencies: ["USD", currency] }));
      expect(res.status, currency).toBe(400);
      expect(res.json.code).toBe("INVALID_INPUT");
      expect(fields(res)).toEqual(["businessInfo.incorporatedOn", "businessInfo.taxId"]);
      expect(errorFor(res, "businessInfo.taxId")!.constraint).toEqual({ required: true, when: { currencies: [currency] } });
    }
    const onlyTaxId = await create(q, business({ currencies: ["BRL"], businessInfo: { legalName: "Acme", country: "BR", taxId: "12.345.678/0001-90" } }));
    expect(fields(onlyTaxId)).toEqual(["businessInfo.incorporatedOn"]);
    const complete = await create(q, business({ currencies: ["BRL"], businessInfo: { legalName: "Acme", country: "BR", taxId: "12.345.678/0001-90", incorporatedOn: "2015-03-01" } }));
    expect(complete.status).toBe(201);
    expect(complete.json.businessInfo).toMatchObject({ taxId: "12.345.678/0001-90", incorporatedOn: "2015-03-01" });
  });

  it("apply to the platform's currencies when the request names none", async () => {
    const q = await t.createTestPlatform();
    await enableCurrencies(q, ["USD", "MXN"]);
    const res = await create(q, business());
    expect(fields(res)).toEqual(["businessInfo.incorporatedOn", "businessInfo.taxId"]);
  });

  it("apply on update when the currencies or businessInfo change", async () => {
    const q = await t.createTestPlatform();
    await enableCurrencies(q, ["USD", "INR"]);
    const created = await create(q, business({ currencies: ["USD"] }));
    const patch = await t.call("PATCH", `/customers/${created.json.id}`, { auth: q.auth, body: { customerType: "BUSINESS", currencies: ["USD", "INR"] } });
    expect(fields(patch)).toEqual(["businessInfo.incorporatedOn", "businessInfo.taxId"]);
    const fixed = await t.call("PATCH", `/customers/${created.json.id}`, {
      auth: q.auth,
      body: { customerType: "BUSINESS", currencies: ["USD", "INR"], businessInfo: { taxId: "AAAPL1234C", incorporatedOn: "2001-01-01" } },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json.businessInfo).toMatchObject({ legalName: "Acme Corp", registrationNumber: "REG-1", taxId: "AAAPL1234C" });
  });
});

describe("duplicate platformCustomerId", () => {
  it("answers 409 CONFLICT while the first customer is active, and frees the id once it is deleted", async () => {
    const first = await create(p, individual({ platformCustomerId: "dup-1" }));
    expect(first.status).toBe(201);
    const second = await create(p, business({ platformCustomerId: "dup-1" }));
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ status: 409, code: "CONFLICT" });
    expect((await t.call("DELETE", `/customers/${first.json.id}`, { auth: p.auth })).status).toBe(200);
    const again = await create(p, individual({ platformCustomerId: "dup-1" }));
    expect(again.status).toBe(201);
  });

  it("lets two platforms use the same platformCustomerId", async () => {
    const q = await t.createTestPlatform();
    expect((await create(p, individual({ platformCustomerId: "shared-id" }))).status).toBe(201);
    expect((await create(q, individual({ platformCustomerId: "shared-id" }))).status).toBe(201);
  });

  it("lets exactly one of two concurrent creates win", async () => {
    const results = await Promise.all([create(p, individual({ platformCustomerId: "race-1" })), create(p, business({ platformCustomerId: "race-1" }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.json.code).toBe("CONFLICT");
    const list = await t.call("GET", "/customers?platformCustomerId=race-1", { auth: p.auth });
    expect(list.json.totalCount).toBe(1);
  });

  it("answers 409 UMA_ADDRESS_EXISTS for a taken umaAddress, whatever its case, also under concurrency", async () => {
    expect((await create(p, individual({ umaAddress: "$taken@uma.example.com" }))).status).toBe(201);
    const res = await create(p, individual({ umaAddress: "$TAKEN@uma.example.com" }));
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("UMA_ADDRESS_EXISTS");
    const results = await Promise.all([create(p, individual({ umaAddress: "$race@uma.example.com" })), create(p, individual({ umaAddress: "$race@uma.example.com" }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.json.code).toBe("UMA_ADDRESS_EXISTS");
  });
});

describe("GET /customers", () => {
  it("pages newest first with hasMore, nextCursor and totalCount", async () => {
    const q = await t.createTestPlatform();
    for (let i = 0; i < 5; i++) await create(q, individual({ platformCustomerId: `page-${i}` }));
    const first = await t.call("GET", "/customers?limit=2", { auth: q.auth });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ hasMore: true, totalCount: 5 });
    expect(first.json.data.map((c: { platformCustomerId: string }) => c.platformCustomerId)).toEqual(["page-4", "page-3"]);
    const second = await t.call("GET", `/customers?limit=2&cursor=${first.json.nextCursor}`, { auth: q.auth });
    expect(second.json.data.map((c: { platformCustomerId: string }) => c.platformCustomerId)).toEqual(["page-2", "page-1"]);
    const third = await t.call("GET", `/customers?limit=2&cursor=${second.json.nextCursor}`, { auth: q.auth });
    expect(third.json.data.map((c: { platformCustomerId: string }) => c.platformCustomerId)).toEqual(["page-0"]);
    expect(third.json.hasMore).toBe(false);
    expect(third.json).not.toHaveProperty("nextCursor");
    for (const customer of first.json.data) {
      expect(CustomerSchema.safeParse(customer).success).toBe(true);
      expect(customer).toStrictEqual((await t.call("GET", `/customers/${customer.id}`, { auth: q.auth })).json);
    }
  });

  it("filters by platformCustomerId, customerType, region, currency, umaAddress and dates", async () => {
    const q = await t.createTestPlatform();
    await enableCurrencies(q, ["USD", "EUR"]);
    const a = await create(q, individual({ platformCustomerId: "f-a", region: "US", currencies: ["USD"], umaAddress: "$filter.a@uma.example.com" }));
    const between = new Date().toISOString();
    const b = await create(q, business({ platformCustomerId: "f-b", region: "DE", currencies: ["EUR"] }));
    const ids = async (query: string) => (await t.call("GET", `/customers?${query}`, { auth: q.auth })).json.data.map((c: { id: string }) => c.id);
    expect(await ids("platformCustomerId=f-a")).toEqual([a.json.id]);
    expect(await ids("customerType=BUSINESS")).toEqual([b.json.id]);
    expect(await ids("region=DE")).toEqual([b.json.id]);
    expect(await ids("currency=USD")).toEqual([a.json.id]);
    expect(await ids(`umaAddress=${encodeURIComponent("$FILTER.A@uma.example.com")}`)).toEqual([a.json.id]);
    expect(await ids(`createdAfter=${encodeURIComponent(between)}`)).toEqual([b.json.id]);
    expect(await ids(`createdBefore=${encodeURIComponent(between)}`)).toEqual([a.json.id]);
    expect(await ids(`updatedAfter=${encodeURIComponent(between)}`)).toEqual([b.json.id]);
  });

  it("validates its query", async () => {
    for (const query of ["limit=0", "limit=101", "cursor=garbage", "customerType=ROBOT", "createdAfter=yesterday", "isIncludingDeleted=maybe"]) {
      const res = await t.call("GET", `/customers?${query}`, { auth: p.auth });
      expect(res.status, query).toBe(400);
      expect(res.json.details.errors[0].field).toMatch(/^query\./);
    }
  });
});

describe("PATCH /customers/{customerId}", () => {
  it("replaces the fields sent and keeps the others; EDD fields merge", async () => {
    const created = await create(p, individual({ purposeOfAccount: "P2P_TRANSFERS", pepStatus: "NONE" }));
    const res = await t.call("PATCH", `/customers/${created.json.id}`, {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Ada King", address: { line1: "2 Side St", postalCode: "10001", country: "US" }, annualIncomeRange: "OVER_1M" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ fullName: "Ada King", email: "ada@example.com", purposeOfAccount: "P2P_TRANSFERS", pepStatus: "NONE", annualIncomeRange: "OVER_1M" });
    expect(res.json.address).toEqual({ line1: "2 Side St", postalCode: "10001", country: "US" });
    expect(res.json.updatedAt > created.json.updatedAt).toBe(true);
    expect(res.json.createdAt).toBe(created.json.createdAt);
  });

  it("requires customerType and refuses to change it", async () => {
    const created = await create(p, individual());
    const missing = await t.call("PATCH", `/customers/${created.json.id}`, { auth: p.auth, body: { fullName: "X Y" } });
    expect(missing.status).toBe(400);
    expect(missing.json.details.errors[0].field).toBe("customerType");
    const changed = await t.call("PATCH", `/customers/${created.json.id}`, { auth: p.auth, body: { customerType: "BUSINESS", email: "bad" } });
    expect(changed.status).toBe(400);
    expect(fields(changed)).toEqual(["customerType", "email"]);
    expect(errorFor(changed, "customerType")!.constraint).toEqual({ enum: ["INDIVIDUAL"] });
  });

  it("checks rules against the stored customer: an identifier fits the stored idType", async () => {
    const created = await create(p, individual({ idType: "SSN", identifier: "123-45-6789" }));
    const bad = await t.call("PATCH", `/customers/${created.json.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", identifier: "abc" } });
    expect(fields(bad)).toEqual(["identifier"]);
    const good = await t.call("PATCH", `/customers/${created.json.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", identifier: "987654321" } });
    expect(good.status).toBe(200);
  });

  it("changes the umaAddress unless another active customer has it", async () => {
    const a = await create(p, individual({ umaAddress: "$patch.a@uma.example.com" }));
    const b = await create(p, individual());
    const taken = await t.call("PATCH", `/customers/${b.json.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", umaAddress: "$patch.a@uma.example.com" } });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe("UMA_ADDRESS_EXISTS");
    const own = await t.call("PATCH", `/customers/${a.json.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", umaAddress: "$PATCH.A@uma.example.com" } });
    expect(own.status).toBe(200);
    const fresh = await t.call("PATCH", `/customers/${b.json.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", umaAddress: "$patch.b@uma.example.com" } });
    expect(fresh.json.umaAddress).toBe("$patch.b@uma.example.com");
  });

  it("rejects fields the update does not take", async () => {
    const created = await create(p, individual());
    const res = await t.call("PATCH", `/customers/${created.json.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", platformCustomerId: "new", id: "x" } });
    expect(fields(res)).toEqual(["id", "platformCustomerId"]);
  });
});

describe("DELETE /customers/{customerId}", () => {
  it("soft-deletes: 200 with isDeleted, hidden from lists unless isIncludingDeleted, then 410 on change", async () => {
    const q = await t.createTestPlatform();
    const created = await create(q, individual({ platformCustomerId: "to-delete" }));
    const kept = await create(q, individual({ platformCustomerId: "kept" }));
    const del = await t.call("DELETE", `/customers/${created.json.id}`, { auth: q.auth });
    expect(del.status).toBe(200);
    expect(del.json).toMatchObject({ id: created.json.id, isDeleted: true, platformCustomerId: "to-delete" });

    const list = await t.call("GET", "/customers", { auth: q.auth });
    expect(list.json.data.map((c: { id: string }) => c.id)).toEqual([kept.json.id]);
    expect(list.json.totalCount).toBe(1);
    const all = await t.call("GET", "/customers?isIncludingDeleted=true", { auth: q.auth });
    expect(all.json.data.map((c: { id: string; isDeleted: boolean }) => [c.id, c.isDeleted])).toEqual([
      [kept.json.id, false],
      [created.json.id, true],
    ]);
    const excluded = await t.call("GET", "/customers?isIncludingDeleted=false", { auth: q.auth });
    expect(excluded.json.totalCount).toBe(1);

    const get = await t.call("GET", `/customers/${created.json.id}`, { auth: q.auth });
    expect(get.status).toBe(200);
    expect(get.json.isDeleted).toBe(true);
    const again = await t.call("DELETE", `/customers/${created.json.id}`, { auth: q.auth });
    expect(again.status).toBe(410);
    expect(again.json.code).toBe("CUSTOMER_DELETED");
    const patch = await t.call("PATCH", `/customers/${created.json.id}`, { auth: q.auth, body: { customerType: "INDIVIDUAL", fullName: "X Y" } });
    expect(patch.status).toBe(410);
  });
});

describe("tenancy and ids", () => {
  it("answers 404 for another platform's customer, a malformed id and another type's id", async () => {
    const other = await t.createTestPlatform();
    const foreign = await create(other, individual());
    for (const id of [foreign.json.id, "nope", "Customer:not-a-uuid", "Token:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"]) {
      const path = `/customers/${encodeURIComponent(id)}`;
      const get = await t.call("GET", path, { auth: p.auth });
      expect(get.status, id).toBe(404);
      expect(get.json).toMatchObject({ status: 404, code: "USER_NOT_FOUND" });
      expect((await t.call("PATCH", path, { auth: p.auth, body: { customerType: "INDIVIDUAL" } })).status, id).toBe(404);
      expect((await t.call("DELETE", path, { auth: p.auth })).status, id).toBe(404);
    }
    const mine = await t.call("GET", "/customers?limit=100&isIncludingDeleted=true", { auth: p.auth });
    expect(mine.json.data.map((c: { id: string }) => c.id)).not.toContain(foreign.json.id);
    expect((await t.call("GET", `/customers/${foreign.json.id}`, { auth: other.auth })).status).toBe(200);
  });
});

describe("permissions", () => {
  it("lets a VIEW token read but not create, update or delete (403)", async () => {
    const view = await p.tokenWith(["VIEW"]);
    const created = await create(p, individual());
    expect((await t.call("GET", "/customers", { auth: view })).status).toBe(200);
    expect((await t.call("GET", `/customers/${created.json.id}`, { auth: view })).status).toBe(200);
    const post = await t.call("POST", "/customers", { auth: view, body: individual() });
    expect(post.status).toBe(403);
    expect(post.json).toMatchObject({ code: "FORBIDDEN", details: { requiredPermission: "MANAGE" } });
    expect((await t.call("PATCH", `/customers/${created.json.id}`, { auth: view, body: { customerType: "INDIVIDUAL" } })).status).toBe(403);
    expect((await t.call("DELETE", `/customers/${created.json.id}`, { auth: view })).status).toBe(403);
  });

  it("needs VIEW to read", async () => {
    const manageOnly = await p.tokenWith(["MANAGE"]);
    expect((await t.call("GET", "/customers", { auth: manageOnly })).status).toBe(403);
    expect((await t.call("GET", "/customers/agreements", { auth: manageOnly })).status).toBe(403);
  });

  it("answers 401 without credentials", async () => {
    expect((await t.call("GET", "/customers")).status).toBe(401);
  });
});
