import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isServiceError } from "../http/errors";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createCustomer } from "./create-customer";
import { CustomerCreateRequestSchema } from "./schemas";

let t: TestApp;
let platformId: string;

beforeAll(async () => {
  t = await createTestApp();
  platformId = (await t.createTestPlatform()).platform.id;
});
afterAll(() => t.close());

const request = (platformCustomerId: string, umaAddress?: string) =>
  CustomerCreateRequestSchema.parse({ customerType: "INDIVIDUAL", platformCustomerId, ...(umaAddress && { umaAddress }) });

describe("createCustomer", () => {
  it("lets the unique index decide a race the duplicate check cannot see: the second writer gets CONFLICT", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    // The first transaction holds its uncommitted row until the second has passed its own check.
    const first = t.db.$transaction(async (tx) => {
      const row = await createCustomer(tx, { platformId, request: request("held") });
      inserted();
      await gate;
      return row;
    });
    await firstInserted;
    const second = t.db.$transaction((tx) => createCustomer(tx, { platformId, request: request("held") })).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 200)); // let the second block on the index
    release();
    expect((await first).platformCustomerId).toBe("held");
    const error = await second;
    expect(isServiceError(error) && error.code).toBe("CONFLICT");
  });

  it("maps the same race on umaAddress to UMA_ADDRESS_EXISTS", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    const first = t.db.$transaction(async (tx) => {
      await createCustomer(tx, { platformId, request: request("uma-1", "$held@uma.example.com") });
      inserted();
      await gate;
    });
    await firstInserted;
    const second = t.db.$transaction((tx) => createCustomer(tx, { platformId, request: request("uma-2", "$Held@uma.example.com") })).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await first;
    const error = await second;
    expect(isServiceError(error) && error.code).toBe("UMA_ADDRESS_EXISTS");
  });

  it("rolls back with the caller's transaction: nothing is left of a customer whose transaction fails", async () => {
    await t.db
      .$transaction(async (tx) => {
        await createCustomer(tx, { platformId, request: request("rolled-back") });
        throw new Error("later step failed");
      })
      .catch(() => undefined);
    expect(await t.db.customer.count({ where: { platformId, platformCustomerId: "rolled-back" } })).toBe(0);
  });
});
