import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { captureHold } from "./capture-hold";
import { getBalance } from "./get-balance";
import { ledgerFixture } from "./ledger-fixtures";
import type { LedgerTx } from "./ledger-tx";
import { placeHold } from "./place-hold";
import { postLedgerTransaction } from "./post-ledger-transaction";
import { releaseHold } from "./release-hold";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("holds", () => {
  it("reduce the available balance but not the posted one, and block debits of held money", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 100n });
    const { clearing } = await f.system("USD");
    const hold = await t.db.$transaction((tx) => placeHold(tx, { platformId: f.platformId, ledgerAccountId: a.id, amount: 70n, reference: "auth-1" }));
    expect(hold).toMatchObject({ status: "ACTIVE", amount: 70n, currency: "USD", reference: "auth-1" });
    expect(await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: a.id })).toEqual({ currency: "USD", posted: 100n, held: 70n, available: 30n });

    const spend = (amount: bigint) =>
      t.db.$transaction((tx) => postLedgerTransaction(tx, { platformId: f.platformId, kind: "PAYOUT", entries: [{ ledgerAccountId: a.id, amount: -amount }, { ledgerAccountId: clearing.id, amount }] }));
    await expect(spend(31n)).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE", message: expect.stringContaining("30 USD available, 31 required, short by 1") });
    await expect(t.db.$transaction((tx) => placeHold(tx, { platformId: f.platformId, ledgerAccountId: a.id, amount: 31n }))).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    await spend(30n);
    expect(await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: a.id })).toEqual({ currency: "USD", posted: 70n, held: 70n, available: 0n });
  });

  it("release gives the money back to available, once, and a captured hold cannot be released", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 100n });
    const hold = await t.db.$transaction((tx) => placeHold(tx, { platformId: f.platformId, ledgerAccountId: a.id, amount: 40n }));
    const released = await t.db.$transaction((tx) => releaseHold(tx, { platformId: f.platformId, holdId: hold.id }));
    expect(released).toMatchObject({ status: "RELEASED", amount: 40n });
    expect(released.releasedAt).toBeInstanceOf(Date);
    const again = await t.db.$transaction((tx) => releaseHold(tx, { platformId: f.platformId, holdId: hold.id }));
    expect(again.releasedAt).toEqual(released.releasedAt);
    expect(await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: a.id })).toEqual({ currency: "USD", posted: 100n, held: 0n, available: 100n });

    const other = await t.db.$transaction((tx) => placeHold(tx, { platformId: f.platformId, ledgerAccountId: a.id, amount: 10n }));
    const { clearing } = await f.system("USD");
    await t.db.$transaction((tx) =>
      captureHold(tx, { platformId: f.platformId, holdId: other.id, kind: "CARD_CAPTURE", entries: [{ ledgerAccountId: a.id, amount: -10n }, { ledgerAccountId: clearing.id, amount: 10n }] }),
    );
    await expect(t.db.$transaction((tx) => releaseHold(tx, { platformId: f.platformId, holdId: other.id }))).rejects.toMatchObject({ code: "INVALID_STATE_TRANSITION" });
    await expect(
      t.db.$transaction((tx) => captureHold(tx, { platformId: f.platformId, holdId: hold.id, kind: "CARD_CAPTURE", entries: [{ ledgerAccountId: a.id, amount: -1n }, { ledgerAccountId: clearing.id, amount: 1n }] })),
    ).rejects.toMatchObject({ code: "INVALID_STATE_TRANSITION" });
  });

  it("capture releases the whole reservation and posts the (smaller) captured amount atomically", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 100n });
    const { clearing, fees } = await f.system("USD");
    const hold = await t.db.$transaction((tx) => placeHold(tx, { platformId: f.platformId, ledgerAccountId: a.id, amount: 100n, transactionId: a.internalAccountId! }));
    const result = await t.db.$transaction((tx) =>
      captureHold(tx, {
        platformId: f.platformId,
        holdId: hold.id,
        kind: "CARD_CAPTURE",
        entries: [
          { ledgerAccountId: a.id, amount: -90n },
          { ledgerAccountId: clearing.id, amount: 88n },
          { ledgerAccountId: fees.id, amount: 2n },
        ],
      }),
    );
    expect(result.isReplay).toBe(false);
    expect(result.hold).toMatchObject({ status: "CAPTURED", ledgerTransactionId: result.ledgerTransactionId });
    // The stored hold is exactly what the capture answered (it is marked in the posting's own statement).
    expect(await t.db.hold.findUniqueOrThrow({ where: { id: hold.id } })).toEqual(result.hold);
    expect(result.balances.find((b) => b.ledgerAccountId === a.id)).toMatchObject({ posted: 10n, held: 0n, available: 10n });
    const ledgerTransaction = await t.db.ledgerTransaction.findUniqueOrThrow({ where: { id: result.ledgerTransactionId } });
    expect(ledgerTransaction.transactionId).toBe(a.internalAccountId);
    expect(await f.entryTotals()).toEqual({ USD: 0n });
  });

  it("capturing twice, even concurrently, posts once and answers the first capture again", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 50n });
    const { clearing } = await f.system("USD");
    const hold = await t.db.$transaction((tx) => placeHold(tx, { platformId: f.platformId, ledgerAccountId: a.id, amount: 50n }));
    const capture = () =>
      t.db.$transaction((tx) => captureHold(tx, { platformId: f.platformId, holdId: hold.id, kind: "CARD_CAPTURE", entries: [{ ledgerAccountId: a.id, amount: -50n }, { ledgerAccountId: clearing.id, amount: 50n }] }));
    const results = await Promise.all([capture(), capture(), capture()]);
    expect(results.filter((r) => !r.isReplay)).toHaveLength(1);
    expect(new Set(results.map((r) => r.ledgerTransactionId)).size).toBe(1);
    expect(await t.db.ledgerTransaction.count({ where: { platformId: f.platformId, kind: "CARD_CAPTURE" } })).toBe(1);
    expect(await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: a.id })).toEqual({ currency: "USD", posted: 0n, held: 0n, available: 0n });
  });

  it("a refused capture leaves the hold active and writes nothing", async () => {
    const f = await ledgerFixture(t.db);
    const a = await f.account({ balance: 50n });
    const { clearing } = await f.system("USD");
    const hold = await t.db.$transaction((tx) => placeHold(tx, { platformId: f.platformId, ledgerAccountId: a.id, amount: 20n }));
    await t.db.$transaction(async (tx) => {
      await expect(
        captureHold(tx, { platformId: f.platformId, holdId: hold.id, kind: "CARD_CAPTURE", entries: [{ ledgerAccountId: a.id, amount: -60n }, { ledgerAccountId: clearing.id, amount: 60n }] }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE", message: expect.stringContaining("50 USD available, 60 required, short by 10") });
    });
    expect(await t.db.hold.findUniqueOrThrow({ where: { id: hold.id } })).toMatchObject({ status: "ACTIVE", ledgerTransactionId: null });
    expect(await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: a.id })).toEqual({ currency: "USD", posted: 50n, held: 20n, available: 30n });
  });

  it("hold operations on the bare client write nothing; unknown or foreign holds are NOT_FOUND", async () => {
    const f = await ledgerFixture(t.db);
    const other = await ledgerFixture(t.db);
    const a = await f.account({ balance: 50n });
    const bare = t.db as unknown as LedgerTx;
    await expect(placeHold(bare, { platformId: f.platformId, ledgerAccountId: a.id, amount: 5n })).rejects.toThrow(/inside an interactive transaction/);
    const hold = await t.db.$transaction((tx) => placeHold(tx, { platformId: f.platformId, ledgerAccountId: a.id, amount: 5n }));
    await expect(releaseHold(bare, { platformId: f.platformId, holdId: hold.id })).rejects.toThrow(/inside an interactive transaction/);
    expect(await t.db.hold.count({ where: { platformId: f.platformId } })).toBe(1);
    expect(await getBalance(t.db, { platformId: f.platformId, ledgerAccountId: a.id })).toMatchObject({ held: 5n, available: 45n });
    await expect(t.db.$transaction((tx) => releaseHold(tx, { platformId: other.platformId, holdId: hold.id }))).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
