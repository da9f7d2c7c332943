import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES } from "../external-accounts/external-account-fixtures";
import { systemAccountBalance } from "../ledger/system-account-balance";
import { setInternalAccountStatus } from "../internal-accounts/set-internal-account-status";
import { holdEveryPooledConnection } from "../testing/hold-pool";
import { createTestApp, type TestApp } from "../testing/test-app";
import { OutgoingTransactionSchema } from "../transactions/schemas";
import { inTransaction } from "../nested-transaction";
import { createTransferOut } from "./create-transfer-out";
import { accountNumberEndingIn, transfersFixture } from "./transfer-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Fixture = Awaited<ReturnType<typeof transfersFixture>>;

/** A funded fixture and an external account whose number ends in `suffix` (plain when omitted). */
async function funded(amount = 10_000, suffix?: string) {
  const f = await transfersFixture(t);
  await f.fund(f.accountId, amount);
  const external = await f.externalAccount(suffix ? { accountNumber: accountNumberEndingIn(suffix) } : {});
  return { f, external };
}

const types = (events: { type: string }[]) => events.map((e) => e.type);

describe("POST /transfer-out", () => {
  it("completes at once: 200 with the OUTGOING transaction, the balance debited, and the ACH side's railDetails", async () => {
    const { f, external } = await funded(10_000);
    const res = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external }, amount: 2_500, remittanceInformation: "Invoice 42", purposeOfPayment: "GOODS_OR_SERVICES" });
    expect(res.status).toBe(200);
    expect(OutgoingTransactionSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      id: expect.stringMatching(/^Transaction:[0-9a-f-]{36}$/),
      status: "COMPLETED",
      type: "OUTGOING",
      direction: "DEBIT",
      customerId: f.customerId,
      source: { sourceType: "ACCOUNT", accountId: f.accountId, currency: "USD" },
      destination: { destinationType: "ACCOUNT", accountId: external, currency: "USD", railDetails: { paymentRail: "ACH", status: "COMPLETED", statementDescriptor: "SERVICE" } },
      sentAmount: { amount: 2_500, currency: { code: "USD", decimals: 2 } },
      receivedAmount: { amount: 2_500, currency: { code: "USD" } },
      exchangeRate: 1,
      fees: 0,
      paymentRail: "ACH",
      railSelectionMode: "AUTO",
      description: "Invoice 42",
      reconciliationInstructions: { reference: expect.stringMatching(/^TX[0-9A-Z]{12}$/) },
      settledAt: expect.any(String),
    });
    expect(res.json.platformCustomerId).toEqual(expect.any(String));
    expect(res.json).not.toHaveProperty("failureReason");
    expect(res.json).not.toHaveProperty("refund");
    expect(new Date(res.json.expectedSettlementAt).getTime()).toBeGreaterThan(new Date(res.json.createdAt).getTime());
    expect(await f.balance()).toEqual({ available: 7_500, total: 7_500 });
    expect(await f.getTransaction(res.json.id)).toEqual(res.json);
    // One ledger posting straight into clearing; nothing was held along the way.
    const transactionId = res.json.id.replace("Transaction:", "");
    const postings = await t.db.ledgerTransaction.findMany({ where: { platformId: f.platformId, transactionId }, include: { entries: true } });
    expect(postings.map((p) => [p.kind, p.entries.map((e) => e.amount).sort()])).toEqual([["TRANSFER_OUT", [-2_500n, 2_500n]]]);
    expect(await t.db.hold.count({ where: { platformId: f.platformId, transactionId } })).toBe(0);
  });

  it("sends OUTGOING_PAYMENT.PENDING, PROCESSING and COMPLETED, then INTERNAL_ACCOUNT.BALANCE_UPDATED with the new balance", async () => {
    const { f, external } = await funded(1_000);
    const res = await f.out(external, 400);
    expect(types(await f.eventsFor(res.json.id))).toEqual(["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"]);
    const events = await f.eventsFor(res.json.id);
    expect(events.at(-1)!.data).toEqual(res.json);
    // Each event carries the transaction as it was at that step, its ACH entry's status included.
    expect(events.map((e) => [e.data.status, e.data.destination.railDetails?.status])).toEqual([
      ["PENDING", "PENDING"],
      ["PROCESSING", "PROCESSING"],
      ["COMPLETED", "COMPLETED"],
    ]);
    // Only the last step is settled.
    expect(events.map((e) => e.data.settledAt ?? null)).toEqual([null, null, res.json.settledAt]);
    expect(res.json.settledAt).toEqual(expect.any(String));
    const balanceEvents = await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED");
    expect(balanceEvents.at(-1)!.data).toMatchObject({ id: f.accountId, balance: { amount: 600 }, totalBalance: { amount: 600 } });
  });

  it("completes inside a Prisma interactive transaction too (the embedded database's only kind), with the same events", async () => {
    const { f, external } = await funded(1_000);
    const paid = await inTransaction(t.db, (tx) => createTransferOut(tx, { platformId: f.platformId, request: { source: { accountId: f.accountId }, destination: { accountId: external }, amount: 300 } }));
    expect(paid.status).toBe("COMPLETED");
    expect(types(await f.eventsFor(paid.id))).toEqual(["OUTGOING_PAYMENT.PENDING", "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"]);
    expect(await f.balance()).toEqual({ available: 700, total: 700 });
  });

  it("moves the money into the platform's clearing account, so the ledger still sums to zero", async () => {
    const { f, external } = await funded(1_000);
    const res = await f.out(external, 300);
    expect(await systemAccountBalance(t.db, f.platformId, "SERVICE_CLEARING", "USD")).toBe(-700n);
    const ledgerTransaction = await t.db.ledgerTransaction.findFirstOrThrow({ where: { platformId: f.platformId, kind: "TRANSFER_OUT" }, include: { entries: true } });
    expect(ledgerTransaction.transactionId).toBe(res.json.id.replace("Transaction:", ""));
    expect(ledgerTransaction.entries.map((e) => e.amount).sort()).toEqual([-300n, 300n]);
  });

  it("uses a rail named on the destination (MANUAL), and ACH_SAME_DAY settles the same business day", async () => {
    const { f, external } = await funded(1_000);
    const res = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external, paymentRail: "ACH_SAME_DAY" }, amount: 100 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ paymentRail: "ACH_SAME_DAY", railSelectionMode: "MANUAL", destination: { railDetails: { paymentRail: "ACH_SAME_DAY" } } });
    expect(res.json.expectedSettlementAt).toMatch(/T23:59:59\.999Z$/);
    const wire = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external, paymentRail: "WIRE" }, amount: 100 });
    expect(wire.json).toMatchObject({ paymentRail: "WIRE", expectedSettlementAt: null });
    expect(wire.json.destination).not.toHaveProperty("railDetails");
  });

  it("pays the platform's own account out to the platform's external account, with no customer on the transaction", async () => {
    const f = await transfersFixture(t);
    const platformAccount = (await t.call("GET", "/platform/internal-accounts?currency=USD", { auth: f.auth })).json.data[0].id as string;
    await f.fund(platformAccount, 500);
    const external = await f.externalAccount({ owner: null });
    const res = await f.out(external, 200, platformAccount);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("COMPLETED");
    expect(res.json).not.toHaveProperty("customerId");
    expect(await f.balance(platformAccount)).toEqual({ available: 300, total: 300 });
  });

  it("a payout that fails after it was counted gives its room of the day back", async () => {
    const f = await transfersFixture(t);
    await f.fund(f.accountId, 3_000_000_000);
    const external = await f.externalAccount();
    for (let i = 0; i < 2; i++) expect((await f.out(external, 1_000_000_000)).status).toBe(200);
    // USD 4,000,000 goes PROCESSING (counted: USD 24,000,000), then fails on the rail (suffix 004).
    const failing = await f.out(await f.externalAccount({ accountNumber: accountNumberEndingIn("004") }), 400_000_000);
    expect([failing.status, failing.json.status]).toEqual([200, "FAILED"]);
    // Only what stayed sent counts: USD 20,000,000 + 4,500,000 fits; a further USD 1,000,000 does not.
    expect((await f.out(external, 450_000_000)).status).toBe(200);
    const refused = await f.out(external, 100_000_000);
    expect([refused.status, refused.json.code]).toEqual([429, "DAILY_VOLUME_LIMIT_EXCEEDED"]);
    expect(refused.json.details.usedUsdCents).toBe(2_450_000_000);
  });

  it("counts the platform's own payouts against their own daily volume, apart from its customers', even when they pay a customer's external account", async () => {
    const f = await transfersFixture(t);
    const platformAccount = (await t.call("GET", "/platform/internal-accounts?currency=USD", { auth: f.auth })).json.data[0].id as string;
    await f.fund(platformAccount, 3_000_000_000);
    await f.fund(f.accountId, 2_500_000_000);
    const platformExternal = await f.externalAccount({ owner: null });
    const customerExternal = await f.externalAccount();
    expect((await f.out(platformExternal, 1_000_000_000, platformAccount)).status).toBe(200);
    // The platform's money, paid to the customer's account: the platform's volume, not the customer's.
    const toCustomer = await f.out(customerExternal, 1_000_000_000, platformAccount);
    expect([toCustomer.status, toCustomer.json.customerId]).toEqual([200, f.customerId]);
    const refused = await f.out(platformExternal, 600_000_000, platformAccount);
    expect([refused.status, refused.json.code]).toEqual([429, "DAILY_VOLUME_LIMIT_EXCEEDED"]);
    expect(refused.json.message).toContain("the platform's own accounts");
    // The customer's own room is whole: USD 24,000,000 of their own money still goes out.
    for (const amount of [1_000_000_000, 1_000_000_000, 400_000_000]) expect((await f.out(customerExternal, amount)).status).toBe(200);
  });
});

describe("POST /transfer-out sandbox outcomes by suffix", () => {
  it.each([
    ["002", "QUOTE_EXECUTION_FAILED"],
    ["112", "QUOTE_EXECUTION_FAILED"],
    ["003", "ACCOUNT_INVALID"],
    ["113", "ACCOUNT_INVALID"],
  ])("suffix %s answers 200 FAILED %s at once, with nothing held or debited and only OUTGOING_PAYMENT.FAILED", async (suffix, failureReason) => {
    const { f, external } = await funded(1_000, suffix);
    const res = await f.out(external, 400);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "FAILED", failureReason, destination: { railDetails: { status: "FAILED" } } });
    expect(res.json).not.toHaveProperty("refund");
    expect(await f.balance()).toEqual({ available: 1_000, total: 1_000 });
    expect(types(await f.eventsFor(res.json.id))).toEqual(["OUTGOING_PAYMENT.FAILED"]);
  });

  it.each([
    ["004", "ACCOUNT_CANNOT_RECEIVE"],
    ["114", "ACCOUNT_CANNOT_RECEIVE"],
    ["008", "COMPLIANCE_REJECTED"],
  ])("suffix %s fails %s after PROCESSING with the debit refunded 2 s later", async (suffix, failureReason) => {
    const { f, external } = await funded(1_000, suffix);
    const res = await f.out(external, 400);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "FAILED", failureReason, refund: { status: "PENDING", reason: "TRANSACTION_FAILED", reference: `${res.json.reconciliationInstructions.reference}-REFUND` } });
    expect(res.json.refund).not.toHaveProperty("settledAt");
    expect(await f.balance()).toEqual({ available: 600, total: 600 });

    expect((await f.advance(2)).status).toBe(200);
    const refunded = await f.getTransaction(res.json.id);
    expect(refunded).toMatchObject({ status: "FAILED", failureReason, refund: { status: "COMPLETED", settledAt: expect.any(String) } });
    expect(await f.balance()).toEqual({ available: 1_000, total: 1_000 });
    expect(types(await f.eventsFor(res.json.id))).toEqual([
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.PROCESSING",
      "OUTGOING_PAYMENT.FAILED",
      "OUTGOING_PAYMENT.REFUND_PENDING",
      "OUTGOING_PAYMENT.REFUND_COMPLETED",
    ]);
    expect(await systemAccountBalance(t.db, f.platformId, "SERVICE_CLEARING", "USD")).toBe(-1_000n);
  });

  it.each(["005", "115"])("suffix %s stays PENDING with the amount held for 30 s, then fails and releases it (refund reason TIMEOUT)", async (suffix) => {
    const { f, external } = await funded(1_000, suffix);
    const res = await f.out(external, 400);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "PENDING", destination: { railDetails: { status: "PENDING" } } });
    expect(res.json).not.toHaveProperty("settledAt");
    expect(await f.balance()).toEqual({ available: 600, total: 1_000 });

    await f.advance(29);
    expect((await f.getTransaction(res.json.id)).status).toBe("PENDING");
    await f.advance(1);
    const failed = await f.getTransaction(res.json.id);
    expect(failed).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED", refund: { status: "COMPLETED", reason: "TIMEOUT" }, destination: { railDetails: { status: "FAILED" } } });
    expect(await f.balance()).toEqual({ available: 1_000, total: 1_000 });
    expect(types(await f.eventsFor(res.json.id))).toEqual([
      "OUTGOING_PAYMENT.PENDING",
      "OUTGOING_PAYMENT.FAILED",
      "OUTGOING_PAYMENT.REFUND_PENDING",
      "OUTGOING_PAYMENT.REFUND_COMPLETED",
    ]);
    expect((await f.events("INTERNAL_ACCOUNT.BALANCE_UPDATED")).at(-1)!.data.balance.amount).toBe(1_000);
  });

  it("suffix 005 holds the money while pending, so a second payout cannot spend it", async () => {
    const { f, external } = await funded(1_000, "005");
    expect((await f.out(external, 800)).json.status).toBe("PENDING");
    const plain = await f.externalAccount();
    const res = await f.out(plain, 300);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INSUFFICIENT_BALANCE");
  });
});

describe("POST /transfer-out refusals", () => {
  it("answers 400 INVALID_INPUT listing every missing field", async () => {
    const f = await transfersFixture(t);
    const res = await f.transferOut({});
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["amount", "destination", "source"]);
  });

  it("answers 400 INVALID_INPUT listing every invalid field", async () => {
    const f = await transfersFixture(t);
    const res = await f.transferOut({
      source: {},
      destination: { accountId: "", paymentRail: "CARRIER_PIGEON" },
      amount: 0,
      remittanceInformation: "x".repeat(81),
      purposeOfPayment: "FUN",
      memo: "extra",
    });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "amount",
      "destination.accountId",
      "destination.paymentRail",
      "memo",
      "purposeOfPayment",
      "remittanceInformation",
      "source.accountId",
    ]);
  });

  it.each([
    ["a fraction", 1.5],
    ["a string", "10"],
    ["above 10^15", 1_000_000_000_000_001],
    ["negative", -5],
  ])("answers 400 naming amount for an amount that is %s", async (_name, amount) => {
    const f = await transfersFixture(t);
    const external = await f.externalAccount();
    const res = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external }, amount });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["amount"]);
  });

  it("answers 400 INSUFFICIENT_BALANCE when the available balance cannot cover the amount, and records nothing", async () => {
    const { f, external } = await funded(100);
    const res = await f.out(external, 101);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, code: "INSUFFICIENT_BALANCE" });
    expect(res.json.message).toContain("short by 1");
    expect(await f.balance()).toEqual({ available: 100, total: 100 });
    expect((await t.call("GET", "/transactions?type=OUTGOING", { auth: f.auth })).json.totalCount).toBe(0);
  });

  it("answers 429 DAILY_VOLUME_LIMIT_EXCEEDED, not INSUFFICIENT_BALANCE, to a payout over both the day's limit and the balance, and records nothing", async () => {
    const { f, external } = await funded(2_500_000_000);
    // The day's whole room, and the whole balance, in payouts within the per-payment size limit.
    for (const amount of [1_000_000_000, 1_000_000_000, 500_000_000]) expect((await f.out(external, amount)).status).toBe(200);
    const refused = await f.out(external, 1);
    expect([refused.status, refused.json.code]).toEqual([429, "DAILY_VOLUME_LIMIT_EXCEEDED"]);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    expect((await t.call("GET", "/transactions?type=OUTGOING", { auth: f.auth })).json.totalCount).toBe(3);
  });

  it("answers 404 for an unknown, malformed or other platform's account on either side", async () => {
    const { f, external } = await funded(100);
    const other = await funded(100);
    const missing = "InternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10";
    for (const [source, destination] of [
      [missing, external],
      ["not-an-id", external],
      [other.f.accountId, external],
      [f.accountId, "ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"],
      [f.accountId, f.accountId],
      [f.accountId, other.external],
    ]) {
      const res = await f.out(destination!, 10, source);
      expect(res.status, `${source} → ${destination}`).toBe(404);
      expect(res.json.code).toBe("NOT_FOUND");
    }
  });

  it("answers 400 INVALID_CURRENCY when the external account holds another currency", async () => {
    const f = await transfersFixture(t);
    const usdc = (await f.accountsOf(f.customerId)).find((a) => a.balance.currency.code === "USDC")!;
    await f.fund(usdc.id, 1_000);
    const external = await f.externalAccount();
    const res = await f.out(external, 10, usdc.id);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "INVALID_CURRENCY", details: { internalAccountCurrency: "USDC", externalAccountCurrency: "USD" } });
  });

  it("answers 400 INVALID_INPUT naming destination.accountId for another customer's external account", async () => {
    const { f } = await funded(1_000);
    const stranger = await f.customer();
    const external = await f.externalAccount({ owner: stranger.id });
    const res = await f.out(external, 10);
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["destination.accountId"]);
  });

  it("answers 400 INVALID_INPUT naming destination.paymentRail for a rail the account lacks", async () => {
    const { f, external } = await funded(1_000);
    const res = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external, paymentRail: "SEPA" }, amount: 10 });
    expect(res.status).toBe(400);
    expect(res.json.details.errors[0]).toMatchObject({ field: "destination.paymentRail", constraint: { enum: ["ACH", "WIRE", "RTP", "FEDNOW", "ACH_SAME_DAY"] } });
  });

  it.each(["FROZEN", "PENDING"] as const)("answers 409 CONFLICT for a %s source account, moving nothing", async (status) => {
    const { f, external } = await funded(1_000);
    const internalAccountId = f.accountId.replace("InternalAccount:", "");
    if (status === "FROZEN") await t.db.$transaction((tx) => setInternalAccountStatus(tx, { platformId: f.platformId, internalAccountId, status }));
    // An ACTIVE account never goes back to PENDING through the API: set the state directly.
    else await t.db.internalAccount.update({ where: { id: internalAccountId }, data: { status } });
    const res = await f.out(external, 10);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "CONFLICT", details: { accountId: f.accountId, accountStatus: status } });
    expect(res.json.message).toContain(status);
  });

  it("answers 403 FORBIDDEN to a VIEW-only token", async () => {
    const { f, external } = await funded(1_000);
    const viewer = await f.tokenWith(["VIEW"]);
    const res = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external }, amount: 10 }, { auth: viewer });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("FORBIDDEN");
    expect(await f.balance()).toEqual({ available: 1_000, total: 1_000 });
  });

  it("answers 401 without credentials", async () => {
    const res = await t.call("POST", "/transfer-out", { body: {} });
    expect(res.status).toBe(401);
  });
});

describe("POST /transfer-out with Idempotency-Key", () => {
  it("replays the first answer for the same key and body, paying once", async () => {
    const { f, external } = await funded(1_000);
    const body = { source: { accountId: f.accountId }, destination: { accountId: external }, amount: 250 };
    const first = await f.transferOut(body, { idempotencyKey: "payout-1" });
    const second = await f.transferOut(body, { idempotencyKey: "payout-1" });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(await f.balance()).toEqual({ available: 750, total: 750 });
    expect((await t.call("GET", "/transactions?type=OUTGOING", { auth: f.auth })).json.totalCount).toBe(1);
  });

  it("a keyed payout whose answer cannot be stored at COMMIT is answered as an error and leaves nothing: no payment, no debit, the key free to run again", async () => {
    const { f, external } = await funded(1_000);
    const body = { source: { accountId: f.accountId }, destination: { accountId: external }, amount: 250 };
    const key = `payout-unstorable-${Math.random()}`;
    // The stored answer is the last write, sent with the release of the request's savepoint and the COMMIT.
    await t.db.$executeRawUnsafe(`CREATE FUNCTION refuse_answer() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'answer refused'; END $$`);
    await t.db.$executeRawUnsafe(
      `CREATE TRIGGER refuse_answer BEFORE UPDATE ON "IdempotencyKey" FOR EACH ROW WHEN (NEW."key" = '${key}' AND NEW."responseStatus" IS NOT NULL) EXECUTE FUNCTION refuse_answer()`,
    );
    try {
      const refused = await f.transferOut(body, { idempotencyKey: key });
      expect(refused.status).toBe(500);
      expect(refused.json.code).toBe("INTERNAL_ERROR");
    } finally {
      await t.db.$executeRawUnsafe(`DROP TRIGGER refuse_answer ON "IdempotencyKey"`);
      await t.db.$executeRawUnsafe(`DROP FUNCTION refuse_answer()`);
    }
    expect(await f.balance()).toEqual({ available: 1_000, total: 1_000 });
    expect((await t.call("GET", "/transactions?type=OUTGOING", { auth: f.auth })).json.totalCount).toBe(0);
    const retried = await f.transferOut(body, { idempotencyKey: key });
    expect([retried.status, retried.headers.get("idempotent-replayed")]).toEqual([200, null]);
    expect(await f.balance()).toEqual({ available: 750, total: 750 });
  });

  it("answers 409 CONFLICT for the same key with another body", async () => {
    const { f, external } = await funded(1_000);
    await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external }, amount: 250 }, { idempotencyKey: "payout-2" });
    const res = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external }, amount: 251 }, { idempotencyKey: "payout-2" });
    expect(res.status).toBe(409);
    expect(await f.balance()).toEqual({ available: 750, total: 750 });
  });
});

describe("transfer-out invariants under concurrency", () => {
  it("lets exactly 10 of 50 parallel payouts of 10 spend a balance of 100; the others get 400 INSUFFICIENT_BALANCE", async () => {
    const { f, external } = await funded(100);
    const results = await Promise.all(Array.from({ length: 50 }, () => f.out(external, 10)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);
    expect(results.filter((r) => r.status === 400).every((r) => r.json.code === "INSUFFICIENT_BALANCE")).toBe(true);
    expect(results.filter((r) => r.status === 200).every((r) => r.json.status === "COMPLETED")).toBe(true);
    expect(await f.balance()).toEqual({ available: 0, total: 0 });
    await expectLedgerBalanced(f);
  });
});

/** Every currency's entries of the platform sum to zero, and each cached balance equals its entries. */
async function expectLedgerBalanced(f: Fixture) {
  const sums = await t.db.ledgerEntry.groupBy({ by: ["currency"], where: { platformId: f.platformId }, _sum: { amount: true } });
  for (const sum of sums) expect(sum._sum.amount, sum.currency).toBe(0n);
  const accounts = await t.db.ledgerAccount.findMany({ where: { platformId: f.platformId } });
  for (const account of accounts) {
    const entries = await t.db.ledgerEntry.aggregate({ where: { ledgerAccountId: account.id }, _sum: { amount: true } });
    expect(entries._sum.amount ?? 0n).toBe(account.postedBalance);
  }
}

describe("POST /transfer-out when the database is saturated", () => {
  // Before, Prisma's "Unable to start a transaction in the given time" (P2028) reached the client as 500.
  // A payment waits up to 15 s for a connection (TRANSFER_TX_OPTIONS), so this test takes that long.
  it("answers 429 with Retry-After when no pooled connection comes free in time, moves nothing, and the retry goes through", async () => {
    const { f, external } = await funded(10_000);
    await f.balance(); // the token is verified and cached before the pool fills up
    const pool = await holdEveryPooledConnection(t.db);
    try {
      const busy = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external }, amount: 2_500 });
      expect(busy.status).toBe(429);
      expect(busy.json).toMatchObject({ status: 429, code: "RATE_LIMITED", details: { retryable: true } });
      expect(busy.json.message).toMatch(/busy.*Retry after 1 s/);
      expect(busy.headers.get("retry-after")).toBe("1");
    } finally {
      await pool.release();
    }
    expect(await f.balance()).toEqual({ available: 10_000, total: 10_000 });
    const retried = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external }, amount: 2_500 });
    expect(retried.status).toBe(200);
    expect(await f.balance()).toEqual({ available: 7_500, total: 7_500 });
  });
});

describe("POST /transfer-out limits (SPEC.md § Limits)", () => {
  it("answers 400 TRANSACTION_SIZE_LIMIT_EXCEEDED above USD 10,000,000 in one payout, moving and recording nothing; the limit itself passes", async () => {
    const { f, external } = await funded(1_000_000_001);
    const refused = await f.out(external, 1_000_000_001);
    expect([refused.status, refused.json.code]).toEqual([400, "TRANSACTION_SIZE_LIMIT_EXCEEDED"]);
    expect(refused.json.details).toMatchObject({ limitUsdCents: 1_000_000_000, amount: 1_000_000_001, currency: "USD" });
    expect(await f.balance()).toEqual({ available: 1_000_000_001, total: 1_000_000_001 });
    expect((await t.call("GET", "/transactions?type=OUTGOING", { auth: f.auth })).json.totalCount).toBe(0);
    // Refused before the sandbox outcome: a 002 account gets no FAILED transaction either.
    const failing = await f.externalAccount({ accountNumber: accountNumberEndingIn("002") });
    expect((await f.out(failing, 1_000_000_001)).json.code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
    expect((await t.call("GET", "/transactions?type=OUTGOING", { auth: f.auth })).json.totalCount).toBe(0);
    const atLimit = await f.out(external, 1_000_000_000);
    expect([atLimit.status, atLimit.json.status]).toEqual([200, "COMPLETED"]);
    expect(await f.balance()).toEqual({ available: 1, total: 1 });
  });

  it("answers 400 TRANSACTION_SIZE_LIMIT_EXCEEDED for an ACH_SAME_DAY payout above the USD 1,000,000 per-entry cap, naming ACH; the cap passes, and ACH carries more", async () => {
    const { f, external } = await funded(300_000_000);
    const sameDay = (amount: number) => f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external, paymentRail: "ACH_SAME_DAY" }, amount });
    const refused = await sameDay(100_000_001);
    expect([refused.status, refused.json.code]).toEqual([400, "TRANSACTION_SIZE_LIMIT_EXCEEDED"]);
    expect(refused.json.details).toMatchObject({ paymentRail: "ACH_SAME_DAY", capCents: 100_000_000, amount: 100_000_001 });
    expect(refused.json.message).toContain("ACH");
    expect(await f.balance()).toEqual({ available: 300_000_000, total: 300_000_000 });
    expect((await t.call("GET", "/transactions?type=OUTGOING", { auth: f.auth })).json.totalCount).toBe(0);
    const atCap = await sameDay(100_000_000);
    expect([atCap.status, atCap.json.status, atCap.json.paymentRail]).toEqual([200, "COMPLETED", "ACH_SAME_DAY"]);
    const overAch = await f.transferOut({ source: { accountId: f.accountId }, destination: { accountId: external, paymentRail: "ACH" }, amount: 100_000_001 });
    expect([overAch.status, overAch.json.status]).toEqual([200, "COMPLETED"]);
    expect(await f.balance()).toEqual({ available: 99_999_999, total: 99_999_999 });
  });
});

describe("POST /transfer-out from an embedded wallet (SPEC.md Embedded-wallet sessions)", () => {
  /** The fixture customer's embedded wallet funded with USDB, and a USDB Spark wallet to pay. */
  async function fundedWallet() {
    const f = await transfersFixture(t);
    const wallet = (await f.accountsOf(f.customerId)).find((a) => a.type === "EMBEDDED_WALLET")!;
    expect((await f.fund(wallet.id, 5_000_000)).status).toBe(200);
    const spark = await t.call("POST", "/customers/external-accounts", {
      auth: f.auth,
      body: { customerId: f.customerId, currency: "USDB", accountInfo: EXAMPLES.SPARK_WALLET!.accountInfo, ownershipType: "THIRD_PARTY" },
    });
    expect(spark.status, spark.text).toBe(201);
    return { f, wallet: wallet.id, spark: spark.json.id as string };
  }

  it("answers 401 WALLET_SIGNATURE_MISSING naming the signed quote path, with or without a signature header, and moves and records nothing", async () => {
    const { f, wallet, spark } = await fundedWallet();
    const body = { source: { accountId: wallet }, destination: { accountId: spark }, amount: 1_000_000 };
    const unsigned = await f.transferOut(body, { idempotencyKey: `wallet-${Math.random()}` });
    expect([unsigned.status, unsigned.json.code]).toEqual([401, "WALLET_SIGNATURE_MISSING"]);
    expect(unsigned.json.message).toContain("POST /quotes/{quoteId}/execute");
    expect(unsigned.json.details).toEqual({ reason: "embedded wallet source needs a signed quote execution", accountId: wallet, accountType: "EMBEDDED_WALLET" });
    expect(unsigned.json.reason).toBe("embedded wallet source needs a signed quote execution");
    // There is no payloadToSign on this call, so no signature can authorize it.
    const signed = await t.call("POST", "/transfer-out", { auth: f.auth, body, headers: { "service-wallet-signature": "sandbox-valid-signature" } });
    expect([signed.status, signed.json.code]).toEqual([401, "WALLET_SIGNATURE_MISSING"]);
    expect(await f.balance(wallet)).toEqual({ available: 5_000_000, total: 5_000_000 });
    expect((await t.call("GET", "/transactions?type=OUTGOING", { auth: f.auth })).json.totalCount).toBe(0);
    expect(await f.events("OUTGOING_PAYMENT.COMPLETED")).toEqual([]);
  });
});
