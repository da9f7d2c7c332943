import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { incomingFixture, startPlatformEndpoint } from "./incoming-fixtures";

let t: TestApp;
const endpoints: Awaited<ReturnType<typeof startPlatformEndpoint>>[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const e of endpoints.splice(0)) await e.close();
});
afterAll(() => t.close());

describe("POST /transactions/{transactionId}/approve — receiverCustomerInfo values", () => {
  it("BIRTH_DATE is checked as a customer's birthDate: not a real date, in the future or a date-time → 400 INVALID_INPUT naming it, nothing changes; a good one completes", async () => {
    const endpoint = await startPlatformEndpoint(() => ({ status: 202 }));
    endpoints.push(endpoint);
    const f = await incomingFixture(t, { endpoint: endpoint.url, isMissingBirthDate: true });
    const res = await f.receive();
    expect(res.json.status).toBe("PENDING");
    const today = (await t.call("GET", "/sandbox/clock", { auth: f.auth })).json.now.slice(0, 10) as string;
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const [value, message] of [
      ["1990-02-30", "must be a date YYYY-MM-DD, e.g. 1990-01-31"],
      ["not-a-date", "must be a date YYYY-MM-DD, e.g. 1990-01-31"],
      ["1990-01-01T00:00:00Z", "must be a date YYYY-MM-DD, e.g. 1990-01-31"],
      ["0000-01-01", "must be a date from 0001-01-01 on"],
      [19900101, "must be a string"],
      ["2999-01-01", "must not be in the future"],
      [tomorrow, "must not be in the future"],
    ] as const) {
      const refused = await f.approve(res.json.id, { receiverCustomerInfo: { BIRTH_DATE: value } });
      expect([value, refused.status, refused.json.code, refused.json.details?.errors?.map((e: { field: string; message: string }) => [e.field, e.message])]).toEqual([
        value,
        400,
        "INVALID_INPUT",
        [["receiverCustomerInfo.BIRTH_DATE", message]],
      ]);
    }
    expect((await f.getTransaction(res.json.id)).status).toBe("PENDING");
    expect(await f.balance()).toBe(0);
    const ok = await f.approve(res.json.id, { receiverCustomerInfo: { BIRTH_DATE: today } });
    expect([ok.status, ok.json.status]).toEqual([200, "COMPLETED"]);
  });
});

describe("the approval webhook's 200 answer — receiverCustomerInfo values", () => {
  it("BIRTH_DATE is checked as on approve: an invalid one (not a real date, a number, in the future) fails the payment MISSING_MANDATORY_PAYEE_DATA, nothing credited, the step's note naming it; a good one completes", async () => {
    let birthDate: unknown;
    const endpoint = await startPlatformEndpoint(() => ({ status: 200, body: { receiverCustomerInfo: { BIRTH_DATE: birthDate } } }));
    endpoints.push(endpoint);
    const f = await incomingFixture(t, { endpoint: endpoint.url, isMissingBirthDate: true });
    for (const [value, message] of [
      ["1990-02-30", "must be a date YYYY-MM-DD, e.g. 1990-01-31"],
      [19900101, "must be a string"],
      ["2999-01-01", "must not be in the future"],
    ] as const) {
      birthDate = value;
      const res = await f.receive();
      expect([value, res.status, res.json.status, res.json.failureReason]).toEqual([value, 200, "FAILED", "MISSING_MANDATORY_PAYEE_DATA"]);
      const steps = await t.call("GET", `/transactions/${res.json.id}/status-history`, { auth: f.auth });
      expect(steps.json.data.at(-1).note).toBe(`The platform approved (200) with invalid receiver fields: receiverCustomerInfo.BIRTH_DATE ${message}`);
    }
    expect(await f.balance()).toBe(0);
    birthDate = "1980-12-09";
    const ok = await f.receive();
    expect([ok.status, ok.json.status]).toEqual([200, "COMPLETED"]);
    expect(await f.balance()).toBe(10_000);
  });
});
