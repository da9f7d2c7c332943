import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { completeBusiness, completeIndividual, onboarding, ownerBody } from "../verifications/onboarding-fixtures";
import { BeneficialOwnerSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const p = await t.createTestPlatform();
  const o = onboarding(t, p.auth);
  const business = await o.createCustomer(completeBusiness("REG-1"));
  return { p, o, business };
}

describe("beneficial owners", () => {
  it("creates an owner UNVERIFIED with its identifier masked, and gets it", async () => {
    const { p, business } = await setup();
    const res = await t.call("POST", "/beneficial-owners", { auth: p.auth, body: ownerBody(business.id, "Hopper", { roles: ["UBO", "CONTROL_PERSON"], ownershipPercentage: 60 }) });
    expect(res.status).toBe(201);
    expect(BeneficialOwnerSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ customerId: business.id, roles: ["UBO", "CONTROL_PERSON"], ownershipPercentage: 60, kycStatus: "UNVERIFIED" });
    expect(res.json.personalInfo.identifier).toBe("*******4321");
    expect((await t.call("GET", `/beneficial-owners/${res.json.id}`, { auth: p.auth })).json).toEqual(res.json);
  });

  it("lists a business's owners (customerId required) newest first", async () => {
    const { p, o, business } = await setup();
    const a = await o.createOwner(ownerBody(business.id, "A"));
    const b = await o.createOwner(ownerBody(business.id, "B"));
    const other = await o.createCustomer(completeBusiness("REG-2"));
    await o.createOwner(ownerBody(other.id, "C"));
    const list = await t.call("GET", `/beneficial-owners?customerId=${encodeURIComponent(business.id)}`, { auth: p.auth });
    expect(list.json.data.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect(list.json.totalCount).toBe(2);
    const noCustomer = await t.call("GET", "/beneficial-owners", { auth: p.auth });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.json.details.errors[0].field).toBe("query.customerId");
  });

  it("PATCH merges personalInfo and replaces roles and percentage", async () => {
    const { p, o, business } = await setup();
    const owner = await o.createOwner(ownerBody(business.id, "Hopper"));
    const res = await t.call("PATCH", `/beneficial-owners/${owner.id}`, { auth: p.auth, body: { roles: ["DIRECTOR"], ownershipPercentage: 10, personalInfo: { lastName: "Lovelace" } } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ roles: ["DIRECTOR"], ownershipPercentage: 10, personalInfo: { firstName: "Grace", lastName: "Lovelace" } });
  });

  it("concurrent PATCHes of different personalInfo fields all merge: none is lost", async () => {
    const { p, o, business } = await setup();
    const owner = await o.createOwner(ownerBody(business.id, "Hopper"));
    const changes = [{ firstName: "Ada" }, { lastName: "Lovelace" }, { nationality: "GB" }, { birthDate: "1815-12-10" }, { address: { ...ownerBody("", "").personalInfo.address, city: "London" } }];
    await t.warmPool();
    const results = await Promise.all(changes.map((personalInfo) => t.call("PATCH", `/beneficial-owners/${owner.id}`, { auth: p.auth, body: { personalInfo } })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const after = await t.call("GET", `/beneficial-owners/${owner.id}`, { auth: p.auth });
    expect(after.json.personalInfo).toMatchObject({ firstName: "Ada", lastName: "Lovelace", nationality: "GB", birthDate: "1815-12-10", address: { city: "London" } });
  });

  it("the owners' shares add up to 100% at most: an add or a raise past it → 400 naming ownershipPercentage and the current total; lowering passes", async () => {
    const { p, o, business } = await setup();
    const first = await o.createOwner(ownerBody(business.id, "Hopper", { ownershipPercentage: 60 }));
    const over = await t.call("POST", "/beneficial-owners", { auth: p.auth, body: ownerBody(business.id, "Lovelace", { ownershipPercentage: 60 }) });
    expect([over.status, over.json.code]).toEqual([400, "INVALID_INPUT"]);
    expect(over.json.details.errors[0]).toMatchObject({ field: "ownershipPercentage", constraint: { maximum: 40, currentTotal: 60 } });
    expect(over.json.details.errors[0].message).toContain("60%");
    const second = await o.createOwner(ownerBody(business.id, "Lovelace", { ownershipPercentage: 40 }));
    const raise = await t.call("PATCH", `/beneficial-owners/${second.id}`, { auth: p.auth, body: { ownershipPercentage: 41 } });
    expect([raise.status, raise.json.details.errors[0].field, raise.json.details.errors[0].constraint]).toEqual([400, "ownershipPercentage", { maximum: 40, currentTotal: 100 }]);
    expect((await t.call("PATCH", `/beneficial-owners/${first.id}`, { auth: p.auth, body: { ownershipPercentage: 50 } })).status).toBe(200);
    expect((await t.call("PATCH", `/beneficial-owners/${second.id}`, { auth: p.auth, body: { ownershipPercentage: 50 } })).status).toBe(200);
    // A director holding nothing is always fine.
    expect((await t.call("POST", "/beneficial-owners", { auth: p.auth, body: ownerBody(business.id, "Smith", { roles: ["DIRECTOR"], ownershipPercentage: 0 }) })).status).toBe(201);
  });

  it("owners added at once are summed one after another: 8 × 30% → three 201, five 400, 90% in total", async () => {
    const { p, business } = await setup();
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => t.call("POST", "/beneficial-owners", { auth: p.auth, body: ownerBody(business.id, `Owner${i}x`, { ownershipPercentage: 30 }) })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400, 400, 400, 400]);
    const list = (await t.call("GET", `/beneficial-owners?customerId=${encodeURIComponent(business.id)}&limit=100`, { auth: p.auth })).json.data;
    expect(list.reduce((sum: number, o: { ownershipPercentage: number }) => sum + o.ownershipPercentage, 0)).toBe(90);
  });

  it("validates: every invalid field listed; ownership 0–100; individuals have no owners; unknown ids 404", async () => {
    const { p, o, business } = await setup();
    const bad = await t.call("POST", "/beneficial-owners", { auth: p.auth, body: { customerId: business.id, roles: ["BOSS"], ownershipPercentage: 101, personalInfo: { firstName: "X" } } });
    expect(bad.status).toBe(400);
    const fields = bad.json.details.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["roles.0", "ownershipPercentage", "personalInfo.lastName", "personalInfo.birthDate", "personalInfo.address", "personalInfo.idType", "personalInfo.identifier"]));
    const person = await o.createCustomer(completeIndividual("Ada Lovelace"));
    const individual = await t.call("POST", "/beneficial-owners", { auth: p.auth, body: ownerBody(person.id, "X") });
    expect(individual.status).toBe(400);
    expect(individual.json.details.errors[0].field).toBe("customerId");
    const unknown = await t.call("POST", "/beneficial-owners", { auth: p.auth, body: ownerBody("Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "X") });
    expect(unknown.status).toBe(404);
    expect((await t.call("GET", "/beneficial-owners/BeneficialOwner:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", { auth: p.auth })).status).toBe(404);
    expect((await t.call("PATCH", "/beneficial-owners/nope", { auth: p.auth, body: {} })).status).toBe(404);
  });
});
