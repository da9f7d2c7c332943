import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { accountNumberEndingIn, transfersFixture } from "../transfers/transfer-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A customer with a COMPLETED 1,500 ACH deposit pulled from their US bank account. */
async function achDeposit() {
  const f = await transfersFixture(t);
  const external = await f.externalAccount();
  const deposit = await f.pull(external, 1_500);
  if (deposit.json.status !== "COMPLETED") throw new Error(deposit.text);
  const returnIt = (id = deposit.json.id) => t.call("POST", `/sandbox/transactions/${id}/return`, { auth: f.auth });
  const dishonor = (body?: unknown, id = deposit.json.id) => t.call("POST", `/sandbox/transactions/${id}/dishonor-return`, { auth: f.auth, ...(body !== undefined && { body }) });
  const types = async () => (await f.eventsFor(deposit.json.id)).map((e) => e.type);
  return { ...f, external, deposit: deposit.json, returnIt, dishonor, types };
}

describe("POST /sandbox/transactions/{transactionId}/return", () => {
  it("reverses an unspent deposit: FAILED, source railDetails RETURNED with returnedAt, INCOMING_PAYMENT.FAILED and BALANCE_UPDATED", async () => {
    const f = await achDeposit();
    const res = await f.returnIt();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: f.deposit.id, status: "FAILED", source: { railDetails: { paymentRail: "ACH", status: "RETURNED", returnedAt: expect.any(String) } } });
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    expect(await f.types()).toEqual(["INCOMING_PAYMENT.COMPLETED", "INCOMING_PAYMENT.FAILED"]);
    expect((await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).at(-1)!.data).toMatchObject({ id: f.accountId, balance: { amount: 0 } });
  });

  it("leaves a spent deposit COMPLETED with only railDetails RETURNED; no balance change, no event", async () => {
    const f = await achDeposit();
    const payout = await f.out(await f.externalAccount(), 1_000);
    expect(payout.json.status).toBe("COMPLETED");
    const res = await f.returnIt();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "COMPLETED", source: { railDetails: { status: "RETURNED", returnedAt: expect.any(String) } } });
    expect(await f.balance()).toEqual({ available: 500, total: 500 });
    expect(await f.types()).toEqual(["INCOMING_PAYMENT.COMPLETED"]);
  });

  it("answers 409 INVALID_STATE_TRANSITION for a second return, a sandbox fund deposit and a failed pull; 404 for an unknown id", async () => {
    const f = await achDeposit();
    expect((await f.returnIt()).status).toBe(200);
    const again = await f.returnIt();
    expect([again.status, again.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    await f.fund(f.accountId, 100);
    const funded = (await t.call("GET", "/transactions?type=INCOMING", { auth: f.auth })).json.data.find((tx: { description?: string }) => tx.description === "Sandbox deposit");
    const fundReturn = await f.returnIt(funded.id);
    expect([fundReturn.status, fundReturn.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    const failedPull = await f.pull(await f.externalAccount({ accountNumber: accountNumberEndingIn("002") }), 700);
    expect(failedPull.json.status).toBe("FAILED");
    const failedReturn = await f.returnIt(failedPull.json.id);
    expect([failedReturn.status, failedReturn.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    const unknown = await f.returnIt("Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10");
    expect([unknown.status, unknown.json.code]).toEqual([404, "TRANSACTION_NOT_FOUND"]);
  });

  it("answers 403 for a production platform", async () => {
    const f = await achDeposit();
    await t.makeProduction(f.platformId);
    expect((await f.returnIt()).status).toBe(403);
  });
});

describe("POST /sandbox/transactions/{transactionId}/dishonor-return", () => {
  it("takes a returned deposit FAILED → COMPLETED, restores the credit, railDetails RETURN_DISHONORED with dishonoredAt", async () => {
    const f = await achDeposit();
    await f.returnIt();
    const res = await f.dishonor();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "COMPLETED", source: { railDetails: { status: "RETURN_DISHONORED", returnedAt: expect.any(String), dishonoredAt: expect.any(String) } } });
    expect(res.json.source.railDetails).not.toHaveProperty("contestedAt");
    expect(res.json).not.toHaveProperty("failureReason");
    expect(await f.balance()).toEqual({ available: 1_500, total: 1_500 });
    expect(await f.types()).toEqual(["INCOMING_PAYMENT.COMPLETED", "INCOMING_PAYMENT.FAILED", "INCOMING_PAYMENT.COMPLETED"]);
    expect((await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).at(-1)!.data).toMatchObject({ balance: { amount: 1_500 } });
  });

  it("a contested dishonor ends RETURN_CONTESTED with contestedAt", async () => {
    const f = await achDeposit();
    await f.returnIt();
    const res = await f.dishonor({ contested: true });
    expect(res.json).toMatchObject({ status: "COMPLETED", source: { railDetails: { status: "RETURN_CONTESTED", dishonoredAt: expect.any(String), contestedAt: expect.any(String) } } });
    expect(await f.balance()).toEqual({ available: 1_500, total: 1_500 });
  });

  it("on a spent deposit only railDetails change: still COMPLETED, nothing credited twice", async () => {
    const f = await achDeposit();
    await f.out(await f.externalAccount(), 1_000);
    await f.returnIt();
    const res = await f.dishonor();
    expect(res.json).toMatchObject({ status: "COMPLETED", source: { railDetails: { status: "RETURN_DISHONORED" } } });
    expect(await f.balance()).toEqual({ available: 500, total: 500 });
    expect(await f.types()).toEqual(["INCOMING_PAYMENT.COMPLETED"]);
  });

  it("answers 409 INVALID_STATE_TRANSITION without a standing return, and 400 for a malformed body", async () => {
    const f = await achDeposit();
    const early = await f.dishonor();
    expect([early.status, early.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    await f.returnIt();
    expect((await f.dishonor({ contested: "yes" })).status).toBe(400);
    expect((await f.dishonor()).status).toBe(200);
    const twice = await f.dishonor();
    expect([twice.status, twice.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
  });

  it("a deposit whose return was dishonored cannot be returned again (409 INVALID_STATE_TRANSITION)", async () => {
    const f = await achDeposit();
    await f.returnIt();
    await f.dishonor();
    const res = await f.returnIt();
    expect([res.status, res.json.code]).toEqual([409, "INVALID_STATE_TRANSITION"]);
    expect(await f.balance()).toEqual({ available: 1_500, total: 1_500 });
  });
});
