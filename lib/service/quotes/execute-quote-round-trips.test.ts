import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundTrips } from "../testing/round-trips";
import { createTestApp, type TestApp } from "../testing/test-app";
import { quotesFixture } from "./quote-fixtures";

// POST /quotes/{quoteId}/execute sends its checks and locks in two writes (executeQuote's inOrder),
// in the order they were taken one by one before.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function executeWrites(currency: string) {
  const f = await quotesFixture(t, { fund: 100_000 });
  const destination = await f.external({ currency });
  await f.execute((await f.okQuote(destination, 1_000)).id); // the platform's own and system accounts exist from here on
  const quote = await f.okQuote(destination, 1_000);
  let res: Awaited<ReturnType<typeof f.execute>> | undefined;
  const writes = await roundTrips(t.db, async () => void (res = await f.execute(quote.id)));
  expect([res?.status, res?.json.status], res?.text).toEqual([200, "COMPLETED"]);
  return { writes, listing: writes.map((write) => write.join("\n  ")).join("\n") };
}

describe("POST /quotes/{quoteId}/execute from an internal account", () => {
  it("USD to a USD external account: 7 round trips, the parties' and the source's locks in one write, then the payer's lock, the day's volume, the transaction's lock, the customer and the destination", async () => {
    const { writes, listing } = await executeWrites("USD");
    // Was 14: the agent check, the parties' locks, the source's lock, the payer's lock, the day's
    // volume, the transaction's lock and the customer's read each took a round trip, and the
    // platform's own accounts were read before BEGIN (quote creation made them), and the destination
    // for the sandbox outcome (with the PROCESSING step) after the transaction's lock.
    expect(writes[0]![0], listing).toBe("BEGIN");
    expect(writes.length, listing).toBe(7);
    const checks = writes.findIndex((write) => write.some((s) => s.includes('LEFT JOIN "Agent"')));
    expect(checks, listing).toBeGreaterThan(0);
    expect(writes[checks], listing).toEqual([expect.stringContaining('SELECT t."agentId"'), expect.stringContaining("SELECT 'Customer' AS \"kind\""), expect.stringMatching(/FROM "InternalAccount" a .* FOR SHARE OF a$/)]);
    expect(writes[checks + 1], listing).toEqual([
      expect.stringContaining("pg_advisory_xact_lock"),
      expect.stringContaining('"folded" AS ( DELETE FROM "DailyVolumeChange"'),
      expect.stringMatching(/FROM "Transaction" WHERE .* FOR UPDATE$/),
      expect.stringContaining('FROM "Customer"'),
      expect.stringContaining('SELECT "accountType", "accountInfo" FROM "ExternalAccount"'),
    ]);
  });

  it("USD to a EUR external account: 8 round trips (was 16), the debit and the settlement locking their accounts in one statement", async () => {
    const { writes, listing } = await executeWrites("EUR");
    expect(writes.length, listing).toBe(8);
    expect(writes.flat().filter((s) => /FROM "LedgerAccount" .*FOR UPDATE/.test(s)), listing).toHaveLength(1);
    expect(writes.flat().filter((s) => s.includes('INSERT INTO "LedgerTransaction"')), listing).toHaveLength(2);
  });
});
