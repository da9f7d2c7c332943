import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isServiceError } from "../http/errors";
import { createTestApp, type TestApp } from "../testing/test-app";
import { assertCanMoveMoney, canMoveMoney } from "./account-can-move-money";
import { internalAccountsFixture } from "./internal-account-fixtures";
import { lockInternalAccountForPayment } from "./lock-internal-account-for-payment";
import { setInternalAccountStatus } from "./set-internal-account-status";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fail = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e);

describe("setInternalAccountStatus", () => {
  it("freezes an ACTIVE account with INTERNAL_ACCOUNT.STATUS_UPDATED, and lifts the hold again", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const { accountId, uuid } = await f.activeAccount("USD");
    await t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: uuid, status: "FROZEN" }));
    expect((await t.call("GET", `/internal-accounts/${accountId}`, { auth: f.auth })).json.status).toBe("FROZEN");
    await t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: uuid, status: "ACTIVE" }));
    const events = await f.events("INTERNAL_ACCOUNT.STATUS_UPDATED");
    expect(events.map((e) => [e.data.id, e.data.status])).toEqual([
      [accountId, "FROZEN"],
      [accountId, "ACTIVE"],
    ]);
  });

  it("sends nothing when the status does not change", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const { uuid } = await f.activeAccount("USD");
    await t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: uuid, status: "ACTIVE" }));
    expect(await f.events("INTERNAL_ACCOUNT.STATUS_UPDATED")).toEqual([]);
  });

  it("refuses to reopen a CLOSED account with INVALID_STATE_TRANSITION", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const { uuid } = await f.activeAccount("USD");
    await t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: uuid, status: "CLOSED" }));
    const error = await fail(t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: uuid, status: "ACTIVE" })));
    expect(isServiceError(error) && error.code).toBe("INVALID_STATE_TRANSITION");
  });

  it("answers NOT_FOUND for another platform's account", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const { uuid } = await f.activeAccount("USD");
    const other = await internalAccountsFixture(t);
    const error = await fail(t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: other.platformId, internalAccountId: uuid, status: "FROZEN" })));
    expect(isServiceError(error) && error.code).toBe("NOT_FOUND");
  });

  it("waits for a payment in flight on the account: the freeze lands after the deposit commits", async () => {
    const f = await internalAccountsFixture(t, { isRegulated: true });
    const { accountId, uuid } = await f.activeAccount("USD");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    const payment = t.db.$transaction(async (tx) => {
      await lockInternalAccountForPayment(tx, { platformId: f.platformId, accountId, direction: "RECEIVE" });
      locked();
      await gate;
    });
    await hasLock;
    let isFrozen = false;
    const freeze = t.db
      .$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId: uuid, status: "FROZEN" }))
      .then(() => (isFrozen = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isFrozen).toBe(false);
    release();
    await payment;
    await freeze;
    expect(isFrozen).toBe(true);
  });
});

describe("who can move money", () => {
  it("only ACTIVE accounts send or receive; the refusal names the status", () => {
    expect(canMoveMoney("ACTIVE")).toBe(true);
    for (const status of ["PENDING", "FROZEN", "CLOSED"] as const) {
      expect(canMoveMoney(status)).toBe(false);
      let error: unknown;
      try {
        assertCanMoveMoney({ id: "019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", status }, "SEND");
      } catch (e) {
        error = e;
      }
      expect(isServiceError(error) && error.code).toBe("CONFLICT");
      expect((error as Error).message).toContain(`cannot send funds: it is ${status}`);
    }
  });
});
