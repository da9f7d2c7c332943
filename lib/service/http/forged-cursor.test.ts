import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("cursor-paged lists", () => {
  it("a cursor the API did not make (an id that is no row's, an instant the database cannot hold) is a 400 naming query.cursor on every list, never a failed query", async () => {
    const p = await t.createTestPlatform();
    const cursor = (createdAt: string, id: string) => Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
    const forged = [cursor(new Date().toISOString(), "not-a-uuid"), cursor("-200000-01-01T00:00:00.000Z", "01a21a00-0000-7000-8000-000000000000")];
    const lists = ["/customers", "/transactions", "/customers/internal-accounts", "/customers/external-accounts", "/platform/external-accounts", "/webhooks/events", "/tokens", "/cards", "/agents", "/verifications", "/documents"];
    for (const list of lists)
      for (const value of forged) {
        const res = await t.call("GET", `${list}?cursor=${value}`, { auth: p.auth });
        expect([list, res.status, res.json.code, res.json.details?.errors?.[0]?.field]).toEqual([list, 400, "INVALID_INPUT", "query.cursor"]);
      }
  });
});
