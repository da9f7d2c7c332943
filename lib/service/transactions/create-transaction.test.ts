import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { uuidv7 } from "../http/ids";
import { createTransaction } from "./create-transaction";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("createTransaction", () => {
  // The row is made in code, not read back (its INSERT rides in the statement of the first event):
  // it must be exactly what the database then holds, for every column, or the answer to the
  // request would differ from every later read of the same transaction.
  it("returns the row exactly as the database holds it, every column set", async () => {
    const { platform } = await t.createTestPlatform();
    const settledAt = new Date("2026-11-26T10:00:00.123Z");
    const { row, transaction } = await t.db.$transaction((tx) =>
      createTransaction(tx, {
        platformId: platform.id,
        type: "OUTGOING",
        status: "COMPLETED",
        origin: "TRANSFER_OUT",
        customerId: uuidv7(),
        platformCustomerId: "pc-1",
        sourceAccountId: uuidv7(),
        destinationAccountId: uuidv7(),
        source: { sourceType: "ACCOUNT", accountId: "InternalAccount:x", currency: "USD", nested: { b: 1, a: [1, "two", null], at: settledAt } },
        destination: { destinationType: "ACCOUNT", accountId: "ExternalAccount:y", currency: "EUR" },
        sourceSnapshot: { name: "Ada" },
        destinationSnapshot: { iban: "DE89370400440532013000" },
        sourceRailDetails: { paymentRail: "ACH", status: "COMPLETED" },
        destinationRailDetails: { paymentRail: "SEPA", status: "COMPLETED" },
        senderIdentifiers: ["a", "b"],
        receiverIdentifiers: [],
        sentAmount: 9_000_000_000_000_001n,
        sentCurrency: "USD",
        receivedAmount: 42n,
        receivedCurrency: "EUR",
        fees: 3n,
        platformFees: 0n,
        exchangeRate: "0.912345678901234567",
        quoteId: uuidv7(),
        agentId: uuidv7(),
        paymentRail: "SEPA",
        railSelectionMode: "AUTO",
        expectedSettlementAt: new Date("2026-11-27T00:00:00.000Z"),
        description: "Invoice 42 — ünïcödé",
        remittanceInformation: "Invoice 42",
        purposeOfPayment: "GOODS_OR_SERVICES",
        failureReason: null,
        pendingReason: "WAITING",
        refund: { reference: "R-1", status: "PENDING" },
        rateDetails: { rate: 0.9123 },
        paymentInstructions: [{ accountOrWalletInfo: { accountType: "USD_ACCOUNT", reference: "REF-1", accountNumber: "123" }, instructionsNotes: "Quote the reference" }],
        counterpartyInformation: { FULL_NAME: "Bob" },
        receiptDeliveryConfirmedAt: settledAt,
        settledAt,
      }),
    );
    const stored = await t.db.transaction.findUniqueOrThrow({ where: { id: row.id } });
    expect(row).toEqual(stored);
    expect(row.exchangeRate?.toString()).toBe(stored.exchangeRate?.toString());
    expect(row.sentAmount).toBe(9_000_000_000_000_001n);
    // The first history step and its event were written in the same statement.
    const steps = await t.db.transactionStatusChange.findMany({ where: { transactionId: row.id } });
    expect(steps.map((s) => s.status)).toEqual(["COMPLETED"]);
    const event = await t.db.webhookEvent.findUniqueOrThrow({ where: { id: steps[0]!.webhookEventId! } });
    expect(JSON.parse(event.body).data).toEqual(JSON.parse(JSON.stringify(transaction)));
  });

  it("leaves every optional column empty when the caller gives none", async () => {
    const { platform } = await t.createTestPlatform();
    const { row } = await t.db.$transaction((tx) =>
      createTransaction(tx, { platformId: platform.id, type: "INCOMING", status: "PENDING", origin: "DEPOSIT", destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:x", currency: "USD" } }),
    );
    const stored = await t.db.transaction.findUniqueOrThrow({ where: { id: row.id } });
    expect(row).toEqual(stored);
  });
});
