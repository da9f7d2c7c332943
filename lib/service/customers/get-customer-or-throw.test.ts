import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseId } from "../http/ids";
import { inTransaction } from "../nested-transaction";
import { createTestApp, type TestApp } from "../testing/test-app";
import { getCustomerOrThrow } from "./get-customer-or-throw";
import { CUSTOMER_INCLUDE } from "./serialize-customer";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// getCustomerOrThrow reads with plain SQL (on the pool, or in the caller's transaction); what it
// answers must be exactly the row Prisma's model read gives, relations included.
describe("getCustomerOrThrow", () => {
  it("answers the same row as Prisma's findFirst with CUSTOMER_INCLUDE, outside and inside a transaction", async () => {
    const p = await t.createTestPlatform();
    const created = await t.call("POST", "/customers", {
      auth: p.auth,
      body: {
        customerType: "INDIVIDUAL",
        fullName: "Ada Lovelace",
        birthDate: "1990-12-10",
        email: "ada@example.com",
        address: { line1: "1 Main St", city: "San Francisco", postalCode: "94105", country: "US" },
      },
    });
    expect(created.status).toBe(201);
    const id = parseId("Customer", created.json.id)!;
    const platformId = p.platform.id;
    const at = new Date("2026-03-04T05:06:07.089Z");
    for (const [n, type] of ["SERVICE_END_USER_TERMS", "PRIVACY_POLICY"].entries())
      await t.db.customerAgreementConsent.create({
        data: { id: crypto.randomUUID(), platformId, customerId: id, type, termsVersion: `v${n}`, acceptedAt: new Date(at.getTime() + n), ipAddress: "203.0.113.9", acceptanceMethod: "API", createdAt: at },
      });
    await t.db.contactVerification.upsert({
      where: { customerId: id },
      create: { customerId: id, platformId, email: "PENDING", emailSentAt: at, updatedAt: at },
      update: { email: "PENDING", emailSentAt: at, updatedAt: at },
    });

    // Neither read orders the consents (the serializer does), so they are compared in id order.
    const byId = <T extends { agreementConsents: { id: string }[] } | null>(row: T) =>
      row && { ...row, agreementConsents: [...row.agreementConsents].sort((a, b) => (a.id < b.id ? -1 : 1)) };
    const expected = byId(await t.db.customer.findFirst({ where: { id, platformId }, include: CUSTOMER_INCLUDE }));
    expect(expected!.agreementConsents).toHaveLength(2);
    expect(byId(await getCustomerOrThrow(t.db, platformId, created.json.id))).toEqual(expected);
    expect(byId(await inTransaction(t.db, (tx) => getCustomerOrThrow(tx, platformId, created.json.id)))).toEqual(expected);
  });

  it("answers USER_NOT_FOUND for another platform's customer", async () => {
    const [mine, theirs] = [await t.createTestPlatform(), await t.createTestPlatform()];
    const created = await t.call("POST", "/customers", { auth: theirs.auth, body: { customerType: "INDIVIDUAL", fullName: "Grace Hopper" } });
    await expect(getCustomerOrThrow(t.db, mine.platform.id, created.json.id)).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
  });
});
