import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endUserTermsConsent, internalAccountsFixture } from "../internal-accounts/internal-account-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { DateInputSchema, DateTimeInputSchema, dateTimeFilterSchema } from "./date-schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fieldsOf = (res: { json: { details?: { errors?: { field: string }[] } } }) => (res.json.details?.errors ?? []).map((e) => e.field);

describe("date and date-time inputs", () => {
  it.each([
    ["0001-01-01T00:00:00Z", true],
    ["9999-12-31T23:59:59.999Z", true],
    ["2026-12-11T23:55:59+05:30", true],
    ["0000-01-01T00:00:00Z", false],
    ["0001-01-01T00:30:00+01:00", false], // year 0 once in UTC
    ["9999-12-31T23:59:59-05:00", false], // year 10000 once in UTC
    ["2026-02-30T00:00:00Z", false],
  ])("DateTimeInputSchema %s → %s", (value, isValid) => {
    expect(DateTimeInputSchema.safeParse(value).success).toBe(isValid);
  });

  it.each([
    ["0001-01-01", true],
    ["1990-02-28", true],
    ["0000-01-01", false],
    ["1990-02-30", false],
  ])("DateInputSchema %s → %s", (value, isValid) => {
    expect(DateInputSchema.safeParse(value).success).toBe(isValid);
  });

  it.each([
    ["2026-12-11T23:55:59.850Z", true],
    ["2026-12-11T23:55:59.850000Z", true], // finer digits, all zeros: still the millisecond
    ["2026-12-11T23:55:59.8Z", true],
    ["2026-12-11T23:55:59.850999Z", false],
    ["2026-12-11T23:55:59.8501+01:00", false],
  ])("a list filter %s (millisecond precision at most) → %s", (value, isValid) => {
    expect(dateTimeFilterSchema("x").safeParse(value).success).toBe(isValid);
  });

  it("year 0000 and instants outside years 0001–9999 UTC are 400 INVALID_INPUT naming the field on every operation that takes a date, never a 500", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const { customerId, accountId } = await f.activeAccount("USD");
    const y0 = encodeURIComponent("0000-01-01T00:00:00Z");
    const y10000 = encodeURIComponent("9999-12-31T23:59:59-05:00");
    const gets: [string, string][] = [
      [`/transactions?startDate=${y0}`, "query.startDate"],
      [`/transactions?customerId=${customerId}&endDate=${y10000}`, "query.endDate"],
      [`/internal-accounts/${accountId}/balance-changes?startDate=${y0}`, "query.startDate"],
      [`/internal-accounts/${accountId}/balance-changes?endDate=${y0}`, "query.endDate"],
      [`/tokens?createdAfter=${y0}`, "query.createdAfter"],
      [`/tokens?updatedBefore=${y0}`, "query.updatedBefore"],
      [`/customers?createdAfter=${y0}`, "query.createdAfter"],
      [`/customers?updatedBefore=${y10000}`, "query.updatedBefore"],
      [`/agents?createdAfter=${y0}`, "query.createdAfter"],
      [`/agents/approvals?startDate=${y0}`, "query.startDate"],
    ];
    for (const [path, field] of gets) {
      const res = await t.call("GET", path, { auth: f.auth });
      expect([path, res.status, res.json.code, fieldsOf(res)]).toEqual([path, 400, "INVALID_INPUT", [field]]);
    }
    const consent = { ...endUserTermsConsent(), acceptedAt: "0000-01-01T00:00:00Z" };
    const customer = await t.call("POST", "/customers", { auth: f.auth, body: { customerType: "INDIVIDUAL", fullName: "Ada Lovelace", agreementConsents: [consent] } });
    expect([customer.status, customer.json.code, fieldsOf(customer)]).toEqual([400, "INVALID_INPUT", ["agreementConsents.0.acceptedAt"]]);
    const born = await t.call("POST", "/customers", { auth: f.auth, body: { customerType: "INDIVIDUAL", fullName: "Ada Lovelace", birthDate: "0000-01-01" } });
    expect([born.status, born.json.code, fieldsOf(born)]).toEqual([400, "INVALID_INPUT", ["birthDate"]]);
    const token = await t.call("POST", "/tokens", { auth: f.auth, body: { name: "t", permissions: ["VIEW"], expiresAt: "0000-01-01T00:00:00Z" } });
    expect([token.status, fieldsOf(token)]).toEqual([400, ["expiresAt"]]);
    // The range's own ends are fine.
    for (const path of [`/transactions?startDate=0001-01-01T00:00:00Z`, `/transactions?endDate=${encodeURIComponent("9999-12-31T23:59:59.999Z")}`, `/customers?createdBefore=${encodeURIComponent("9999-12-31T23:59:59.999Z")}`])
      expect([path, (await t.call("GET", path, { auth: f.auth })).status]).toEqual([path, 200]);
  });

  it("a filter bound finer than the millisecond is refused (400) rather than cut, so the half-open window [startDate, endDate) stays exact; the millisecond itself is kept", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const { accountId } = await f.activeAccount("USD");
    expect((await f.fund(accountId, 777)).status).toBe(200);
    const changes = (query: string) => t.call("GET", `/internal-accounts/${accountId}/balance-changes?${query}`, { auth: f.auth });
    const [change] = (await changes("")).json.changes as { effectiveAt: string }[];
    const at = change!.effectiveAt; // …ss.mmmZ
    const fine = at.replace("Z", "999Z");
    const refused = await changes(`startDate=${fine}`);
    expect([refused.status, refused.json.code, fieldsOf(refused), refused.json.details.errors[0].message]).toEqual([400, "INVALID_INPUT", ["query.startDate"], expect.stringContaining("millisecond precision")]);
    expect((await changes(`endDate=${fine}`)).status).toBe(400);
    expect((await t.call("GET", `/transactions?startDate=${fine}`, { auth: f.auth })).status).toBe(400);
    // At the millisecond (trailing zeros too): start included, end excluded.
    expect((await changes(`startDate=${at.replace("Z", "000Z")}`)).json.changes).toHaveLength(1);
    expect((await changes(`startDate=${encodeURIComponent("2020-01-01T00:00:00Z")}&endDate=${at}`)).json.changes).toHaveLength(0);
  });
});

describe("GET /transactions date window", () => {
  it("an endDate before startDate is 400 INVALID_INPUT on query.endDate, as balance-changes answers; equal ends are a valid window", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const reversed = await t.call("GET", "/transactions?startDate=2028-07-13T00:00:00Z&endDate=2028-07-12T00:00:00Z", { auth: f.auth });
    expect([reversed.status, reversed.json.code, fieldsOf(reversed)]).toEqual([400, "INVALID_INPUT", ["query.endDate"]]);
    expect((await t.call("GET", "/transactions?startDate=2028-07-12T00:00:00Z&endDate=2028-07-12T00:00:00Z", { auth: f.auth })).status).toBe(200);
    // Compared as instants, not as text: the same instant at another offset is not reversed.
    expect((await t.call("GET", `/transactions?startDate=${encodeURIComponent("2028-07-12T05:30:00+05:30")}&endDate=2028-07-12T00:00:00Z`, { auth: f.auth })).status).toBe(200);
  });
});
