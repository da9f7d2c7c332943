import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "../http/ids";
import { createTestApp, type TestApp } from "../testing/test-app";
import { completeBusiness, completeIndividual, eventsOf, onboarding, ownerBody, useTemporaryDocumentStore } from "../verifications/onboarding-fixtures";
import { CustomerSchema } from "./schemas";

// API-INDEX.md "Customers": a business customer carries, on responses, `beneficialOwners?: BeneficialOwner[]`.

let t: TestApp;
beforeAll(async () => {
  useTemporaryDocumentStore();
  t = await createTestApp();
});
afterAll(() => t.close());

async function platform() {
  const p = await t.createTestPlatform();
  return { ...p, platformId: p.platform.id, o: onboarding(t, p.auth) };
}
type P = Awaited<ReturnType<typeof platform>>;

/** The owners GET /beneficial-owners answers for the business: what the customer must carry. */
async function ownersListed(p: P, customerId: string) {
  const res = await t.call("GET", `/beneficial-owners?customerId=${encodeURIComponent(customerId)}&limit=100`, { auth: p.auth });
  expect(res.status).toBe(200);
  return res.json.data;
}
const getCustomer = (p: P, customerId: string) => t.call("GET", `/customers/${customerId}`, { auth: p.auth });
const listCustomers = async (p: P, query = "limit=20") => {
  const res = await t.call("GET", `/customers?${query}`, { auth: p.auth });
  expect(res.status).toBe(200);
  return res.json.data as Record<string, unknown>[];
};

describe("beneficialOwners on business customers", () => {
  it("a new business answers beneficialOwners [] on POST and GET; after POST /beneficial-owners GET carries the owners as GET /beneficial-owners returns them", async () => {
    const p = await platform();
    const created = await t.call("POST", "/customers", { auth: p.auth, body: completeBusiness("REG-1") });
    expect(created.status).toBe(201);
    expect(created.json.beneficialOwners).toEqual([]);
    expect((await getCustomer(p, created.json.id)).json.beneficialOwners).toEqual([]);

    const first = await p.o.createOwner(ownerBody(created.json.id, "Hopper", { roles: ["UBO", "CONTROL_PERSON"], ownershipPercentage: 60 }));
    const second = await p.o.createOwner(ownerBody(created.json.id, "Lovelace", { roles: ["DIRECTOR"], ownershipPercentage: 0 }));
    const res = await getCustomer(p, created.json.id);
    expect(res.status).toBe(200);
    expect(CustomerSchema.safeParse(res.json).success).toBe(true);
    const owners = await ownersListed(p, created.json.id);
    expect(res.json.beneficialOwners).toEqual(owners);
    expect(res.json.beneficialOwners.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]); // newest first, as the owners list
    expect(res.json.beneficialOwners[1]).toMatchObject({ customerId: created.json.id, roles: ["UBO", "CONTROL_PERSON"], ownershipPercentage: 60, kycStatus: "UNVERIFIED" });
    expect(res.json.beneficialOwners[1].personalInfo.identifier).toBe("*******4321"); // masked, as on the owner endpoints

    // A PATCH of an owner shows on the customer.
    await t.call("PATCH", `/beneficial-owners/${first.id}`, { auth: p.auth, body: { ownershipPercentage: 75, personalInfo: { lastName: "Hopper-Byrd" } } });
    const after = await getCustomer(p, created.json.id);
    expect(after.json.beneficialOwners[1]).toMatchObject({ id: first.id, ownershipPercentage: 75, personalInfo: { firstName: "Grace", lastName: "Hopper-Byrd" } });
    expect(after.json.beneficialOwners).toEqual(await ownersListed(p, created.json.id));
  });

  it("PATCH and DELETE /customers answer the business with its owners; a deleted business still shows them on GET", async () => {
    const p = await platform();
    const business = await p.o.createCustomer(completeBusiness("REG-2"));
    await p.o.createOwner(ownerBody(business.id, "Hopper"));
    const owners = await ownersListed(p, business.id);
    expect(owners).toHaveLength(1);

    const patched = await t.call("PATCH", `/customers/${business.id}`, { auth: p.auth, body: { customerType: "BUSINESS", businessInfo: { doingBusinessAs: "Acme" } } });
    expect(patched.status).toBe(200);
    expect(patched.json.beneficialOwners).toEqual(owners);

    const deleted = await t.call("DELETE", `/customers/${business.id}`, { auth: p.auth });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ isDeleted: true, beneficialOwners: owners });
    expect((await getCustomer(p, business.id)).json).toMatchObject({ isDeleted: true, beneficialOwners: owners });
    const listed = await listCustomers(p, "isIncludingDeleted=true");
    expect(listed.find((c) => c.id === business.id)?.beneficialOwners).toEqual(owners);
  });

  it("POST /customers/{id}/verify-email/confirm answers the business with its owners", async () => {
    const p = await platform();
    const business = await p.o.createCustomer(completeBusiness("REG-3", { region: "FR", email: "ops@acme.example" }));
    await p.o.createOwner(ownerBody(business.id, "Hopper"));
    expect((await t.call("POST", `/customers/${business.id}/verify-email`, { auth: p.auth })).status).toBe(204);
    const confirmed = await t.call("POST", `/customers/${business.id}/verify-email/confirm`, { auth: p.auth, body: { code: "123456" } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ contactVerification: { email: "VERIFIED" }, beneficialOwners: await ownersListed(p, business.id) });
  });

  it("individuals never carry the field: POST, GET, PATCH and the list", async () => {
    const p = await platform();
    const created = await t.call("POST", "/customers", { auth: p.auth, body: completeIndividual("Ada Lovelace") });
    expect(created.json).not.toHaveProperty("beneficialOwners");
    expect((await getCustomer(p, created.json.id)).json).not.toHaveProperty("beneficialOwners");
    const patched = await t.call("PATCH", `/customers/${created.json.id}`, { auth: p.auth, body: { customerType: "INDIVIDUAL", nationality: "GB" } });
    expect(patched.status).toBe(200);
    expect(patched.json).not.toHaveProperty("beneficialOwners");
    expect((await listCustomers(p))[0]).not.toHaveProperty("beneficialOwners");
  });

  it("GET /customers: every business on the page carries its own owners ([] for none), individuals none, across pages and filters", async () => {
    const p = await platform();
    const a = await p.o.createCustomer(completeBusiness("REG-A"));
    const person = await p.o.createCustomer(completeIndividual("Ada Lovelace"));
    const b = await p.o.createCustomer(completeBusiness("REG-B"));
    const empty = await p.o.createCustomer(completeBusiness("REG-C"));
    for (const name of ["A1", "A2", "A3"]) await p.o.createOwner(ownerBody(a.id, name, { ownershipPercentage: 30 }));
    await p.o.createOwner(ownerBody(b.id, "B1"));

    const page = await listCustomers(p);
    expect(page.map((c) => c.id)).toEqual([empty.id, b.id, person.id, a.id]);
    const byId = new Map(page.map((c) => [c.id, c]));
    expect(byId.get(a.id)?.beneficialOwners).toEqual(await ownersListed(p, a.id));
    expect(byId.get(b.id)?.beneficialOwners).toEqual(await ownersListed(p, b.id));
    expect((byId.get(a.id)?.beneficialOwners as unknown[]).length).toBe(3);
    expect(byId.get(empty.id)?.beneficialOwners).toEqual([]);
    expect(byId.get(person.id)).not.toHaveProperty("beneficialOwners");
    for (const customer of page) expect(CustomerSchema.safeParse(customer).success).toBe(true);

    // One customer per page: each page still carries that business's owners.
    const res = await t.call("GET", "/customers?limit=1", { auth: p.auth });
    const next = await t.call("GET", `/customers?limit=1&cursor=${encodeURIComponent(res.json.nextCursor)}`, { auth: p.auth });
    expect(next.json.data[0]).toMatchObject({ id: b.id, beneficialOwners: await ownersListed(p, b.id) });
    const businesses = await listCustomers(p, "customerType=BUSINESS");
    expect(businesses.map((c) => (c.beneficialOwners as unknown[]).length)).toEqual([0, 1, 3]);
  });

  it("owners never cross platforms: each platform's customers carry only its own, even an owner row naming another platform's customer", async () => {
    const p1 = await platform();
    const p2 = await platform();
    const business1 = await p1.o.createCustomer(completeBusiness("REG-1"));
    const business2 = await p2.o.createCustomer(completeBusiness("REG-1"));
    const owner1 = await p1.o.createOwner(ownerBody(business1.id, "One"));
    const owner2 = await p2.o.createOwner(ownerBody(business2.id, "Two"));
    // A row of platform 2 that names platform 1's customer (never made by the API): it must not show on platform 1's customer.
    const at = new Date();
    await t.db.beneficialOwner.create({
      data: {
        id: uuidv7(at.getTime()),
        platformId: p2.platformId,
        customerId: business1.id.slice("Customer:".length),
        roles: ["UBO"],
        ownershipPercentage: 10,
        personalInfo: ownerBody("", "Stray").personalInfo,
        kycStatus: "UNVERIFIED",
        createdAt: at,
        updatedAt: at,
      },
    });

    const ids = (owners: { id: string }[]) => owners.map((o) => o.id);
    expect(ids((await getCustomer(p1, business1.id)).json.beneficialOwners)).toEqual([owner1.id]);
    expect(ids((await getCustomer(p2, business2.id)).json.beneficialOwners)).toEqual([owner2.id]);
    expect((await listCustomers(p1)).map((c) => ids(c.beneficialOwners as { id: string }[]))).toEqual([[owner1.id]]);
    expect((await listCustomers(p2)).map((c) => ids(c.beneficialOwners as { id: string }[]))).toEqual([[owner2.id]]);
    expect((await getCustomer(p2, business1.id)).status).toBe(404);
  });

  it("CUSTOMER.KYB_APPROVED's data is the business with its owners, already resolved", async () => {
    const p = await platform();
    const { customer, owner } = await p.o.completeBusinessPacket("REG-100");
    const approved = await p.o.submit(customer.id);
    expect(approved.json.verificationStatus).toBe("APPROVED");
    const [event] = await eventsOf(t, p.platformId, "CUSTOMER.KYB_APPROVED");
    expect(CustomerSchema.safeParse(event?.data).success).toBe(true);
    const current = (await getCustomer(p, customer.id)).json;
    expect(event?.data.beneficialOwners).toEqual(current.beneficialOwners);
    expect(event?.data.beneficialOwners).toEqual([expect.objectContaining({ id: owner.id, kycStatus: "APPROVED" })]);
  });

  it("an individual's CUSTOMER.KYC_* data carries no beneficialOwners", async () => {
    const p = await platform();
    await t.db.platform.update({ where: { id: p.platformId }, data: { skipVerificationPaperwork: true } });
    await p.o.createCustomer(completeIndividual("Ada Lovelace"));
    const events = await eventsOf(t, p.platformId, "CUSTOMER.KYC_");
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.data).not.toHaveProperty("beneficialOwners");
  });
});
