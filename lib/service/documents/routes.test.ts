import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, createTestApp, type TestApp } from "../testing/test-app";
import { completeIndividual, onboarding, PDF, PNG, useTemporaryDocumentStore } from "../verifications/onboarding-fixtures";
import { documentStore } from "./document-store";
import { DocumentSchema } from "./schemas";

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = useTemporaryDocumentStore();
  t = await createTestApp();
});
afterAll(() => t.close());

/** The stored files of a document (its current bytes and any left behind). */
const filesOf = (platformId: string, documentId: string) => {
  const folder = path.join(dir, platformId);
  return existsSync(folder) ? readdirSync(folder).filter((f) => f.startsWith(documentId.replace("Document:", ""))) : [];
};

async function setup() {
  const p = await t.createTestPlatform();
  const o = onboarding(t, p.auth);
  const customer = await o.createCustomer(completeIndividual("Ada Lovelace"));
  return { p, o, customer };
}
const passportFields = (holder: string) => ({ documentHolder: holder, documentType: "PASSPORT", country: "US", documentNumber: "X1", issuingAuthority: "State" });

describe("POST /documents", () => {
  it("stores the file under the document store and answers 201 with the document", async () => {
    const { p, o, customer } = await setup();
    const res = await o.upload(passportFields(customer.id), { bytes: PNG, name: "passport.png", type: "image/png" });
    expect(res.status).toBe(201);
    expect(DocumentSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ documentHolder: customer.id, documentType: "PASSPORT", fileName: "passport.png", contentType: "image/png", sizeBytes: PNG.length });
    const row = await t.db.document.findUniqueOrThrow({ where: { id: res.json.id.replace("Document:", "") } });
    expect(existsSync(path.join(dir, row.storageKey))).toBe(true);
    expect(await documentStore().get(row.storageKey)).toEqual(PNG);
    expect((await t.call("GET", `/documents/${res.json.id}`, { auth: p.auth })).json).toEqual(res.json);
    const content = await t.api.request(`/api/2025-10-13/documents/${res.json.id}/content`, { headers: { authorization: basic(p.auth) } });
    expect(content.status).toBe(200);
    expect(content.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(PNG);
  });

  it("with an Idempotency-Key: the file is stored intact, once; the same upload again replays the answer, another file under the key is refused", async () => {
    const { p, o, customer } = await setup();
    const headers = { "idempotency-key": `upload-${customer.id}` };
    const file = { bytes: PNG, name: "passport.png", type: "image/png" };
    const first = await o.upload(passportFields(customer.id), file, { headers });
    expect(first.status).toBe(201);
    const row = await t.db.document.findUniqueOrThrow({ where: { id: first.json.id.replace("Document:", "") } });
    expect(await documentStore().get(row.storageKey)).toEqual(PNG); // bytes that are not UTF-8 survive the key's fingerprint
    const again = await o.upload(passportFields(customer.id), file, { headers });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(filesOf(p.platform.id, first.json.id)).toHaveLength(1);
    expect((await t.call("GET", `/documents?documentHolder=${encodeURIComponent(customer.id)}`, { auth: p.auth })).json.data).toHaveLength(1);
    const other = await o.upload(passportFields(customer.id), { ...file, bytes: PDF, name: "passport.pdf", type: "application/pdf" }, { headers });
    expect(other.status).toBe(409);
  });

  it("accepts a PDF without a declared type", async () => {
    const { o, customer } = await setup();
    const res = await o.upload({ documentHolder: customer.id, documentType: "UTILITY_BILL", country: "US" }, { bytes: PDF, name: "bill.pdf" });
    expect(res.status).toBe(201);
    expect(res.json.contentType).toBe("application/pdf");
  });

  it("refuses another file type with 400 naming file", async () => {
    const { o, customer } = await setup();
    const res = await o.upload(passportFields(customer.id), { bytes: new TextEncoder().encode("hello"), name: "notes.txt", type: "text/plain" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["file"]);
  });

  it("refuses a PNG declared as a PDF", async () => {
    const { o, customer } = await setup();
    const res = await o.upload(passportFields(customer.id), { bytes: PNG, name: "x.pdf", type: "application/pdf" });
    expect(res.status).toBe(400);
  });

  it("refuses an empty file", async () => {
    const { o, customer } = await setup();
    const res = await o.upload(passportFields(customer.id), { bytes: new Uint8Array(), name: "empty.png", type: "image/png" });
    expect(res.status).toBe(400);
    expect(res.json.details.errors[0]).toMatchObject({ field: "file", constraint: { minBytes: 1 } });
  });

  it("refuses a file over 10 MB", async () => {
    const { o, customer } = await setup();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await o.upload(passportFields(customer.id), { bytes: big, name: "big.png", type: "image/png" });
    expect(res.status).toBe(400);
    expect(res.json.details.errors[0]).toMatchObject({ field: "file", constraint: { maxBytes: 10 * 1024 * 1024 } });
  });

  it("lists every problem at once: identity documents need documentNumber and issuingAuthority; bad documentType", async () => {
    const { o, customer } = await setup();
    const res = await o.upload({ documentHolder: customer.id, documentType: "PASSPORT", country: "US" }, { bytes: new Uint8Array(), name: "e.png" });
    expect(res.status).toBe(400);
    expect(res.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["documentNumber", "file", "issuingAuthority"]);
    const badType = await o.upload({ documentHolder: customer.id, documentType: "SELFIE_STICK", country: "usa" });
    expect(badType.status).toBe(400);
    expect(badType.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["country", "documentType"]);
  });

  it("answers 404 for an unknown holder", async () => {
    const { o } = await setup();
    const customer = await o.upload(passportFields("Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"));
    expect(customer.status).toBe(404);
    expect(customer.json.code).toBe("USER_NOT_FOUND");
    const owner = await o.upload(passportFields("BeneficialOwner:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"));
    expect(owner.status).toBe(404);
    expect((await o.upload(passportFields("Card:1"))).status).toBe(404);
  });

  it("sandbox: a file name ending in a rejection reason is refused with that code and nothing is stored", async () => {
    const { p, o, customer } = await setup();
    const res = await o.upload(passportFields(customer.id), { bytes: PNG, name: "passport-LOW_QUALITY.png", type: "image/png" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("LOW_QUALITY");
    const fraud = await o.upload(passportFields(customer.id), { bytes: PNG, name: "passport_suspected_fraud.png", type: "image/png" });
    expect(fraud.json.code).toBe("SUSPECTED_FRAUD");
    expect((await t.call("GET", `/documents?documentHolder=${encodeURIComponent(customer.id)}`, { auth: p.auth })).json.totalCount).toBe(0);
  });
});

describe("sandbox rejection codes", () => {
  it.each(["LOW_QUALITY", "DATA_MISMATCH", "EXPIRED", "SUSPECTED_FRAUD", "UNSUITABLE_DOCUMENT", "INCOMPLETE"])("a file named …-%s is refused with 400 %s", async (reason) => {
    const { o, customer } = await setup();
    const res = await o.upload(passportFields(customer.id), { bytes: PNG, name: `scan-${reason}.png`, type: "image/png" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(reason);
  });
});

describe("GET, PUT, DELETE /documents", () => {
  it("lists newest first, pages, and filters by holder", async () => {
    const { p, o, customer } = await setup();
    const other = await o.createCustomer(completeIndividual("Bob Builder"));
    const a = (await o.upload(passportFields(customer.id))).json;
    const b = (await o.upload({ documentHolder: customer.id, documentType: "UTILITY_BILL", country: "US" }, { bytes: PDF, name: "b.pdf" })).json;
    const c = (await o.upload(passportFields(other.id))).json;
    const page1 = await t.call("GET", "/documents?limit=2", { auth: p.auth });
    expect(page1.json.data.map((d: { id: string }) => d.id)).toEqual([c.id, b.id]);
    expect(page1.json.hasMore).toBe(true);
    const page2 = await t.call("GET", `/documents?limit=2&cursor=${page1.json.nextCursor}`, { auth: p.auth });
    expect(page2.json.data.map((d: { id: string }) => d.id)).toEqual([a.id]);
    const mine = await t.call("GET", `/documents?documentHolder=${encodeURIComponent(customer.id)}`, { auth: p.auth });
    expect(mine.json.data.map((d: { id: string }) => d.id)).toEqual([b.id, a.id]);
    const otherPlatform = await t.createTestPlatform();
    expect((await t.call("GET", "/documents", { auth: otherPlatform.auth })).json.data).toEqual([]);
    expect((await t.call("GET", `/documents/${a.id}`, { auth: otherPlatform.auth })).status).toBe(404);
  });

  it("PUT replaces the file and fields, keeps the id and holder, and removes the old bytes", async () => {
    const { p, o, customer } = await setup();
    const doc = (await o.upload(passportFields(customer.id))).json;
    const oldKey = (await t.db.document.findUniqueOrThrow({ where: { id: doc.id.replace("Document:", "") } })).storageKey;
    const res = await o.upload({ documentType: "NATIONAL_ID", side: "FRONT", country: "FR", documentNumber: "N1", issuingAuthority: "Prefecture" }, { bytes: PDF, name: "id.pdf" }, { method: "PUT", path: `/documents/${doc.id}` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: doc.id, documentHolder: customer.id, documentType: "NATIONAL_ID", side: "FRONT", country: "FR", fileName: "id.pdf", contentType: "application/pdf" });
    expect(await documentStore().get(oldKey)).toBeNull();
    const bad = await o.upload({ documentType: "PASSPORT", country: "US" }, { bytes: PNG, name: "x.png" }, { method: "PUT", path: `/documents/${doc.id}` });
    expect(bad.status).toBe(400);
    expect((await t.call("GET", `/documents/${doc.id}`, { auth: p.auth })).json.documentType).toBe("NATIONAL_ID");
  });

  it("DELETE removes an unsubmitted document (204, then 404) and answers 409 once it was submitted", async () => {
    const { p, o, customer } = await setup();
    const doc = (await o.upload(passportFields(customer.id))).json;
    expect((await t.call("DELETE", `/documents/${doc.id}`, { auth: p.auth })).status).toBe(204);
    expect((await t.call("GET", `/documents/${doc.id}`, { auth: p.auth })).status).toBe(404);
    expect((await t.call("DELETE", `/documents/${doc.id}`, { auth: p.auth })).status).toBe(404);

    const submitted = (await o.upload(passportFields(customer.id))).json;
    await o.submit(customer.id);
    const res = await t.call("DELETE", `/documents/${submitted.id}`, { auth: p.auth });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("CONFLICT");
    expect(readdirSync(dir).length).toBeGreaterThan(0);
  });

  it("concurrent DELETEs of one document: one 204, the others 404 as after it", async () => {
    const { p, o, customer } = await setup();
    const doc = (await o.upload(passportFields(customer.id))).json;
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 5 }, () => t.call("DELETE", `/documents/${doc.id}`, { auth: p.auth })));
    expect(results.map((r) => r.status).sort()).toEqual([204, 404, 404, 404, 404]);
    expect(filesOf(p.platform.id, doc.id)).toEqual([]);
  });

  it("concurrent PUTs of one document: all 200 (the last one stays), and exactly one stored file is left, the one the row names", async () => {
    const { p, o, customer } = await setup();
    const doc = (await o.upload(passportFields(customer.id))).json;
    await t.warmPool();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => o.upload(passportFields(customer.id), { bytes: PNG, name: `passport-${i}.png`, type: "image/png" }, { method: "PUT", path: `/documents/${doc.id}` })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const row = await t.db.document.findUniqueOrThrow({ where: { id: doc.id.replace("Document:", "") } });
    expect(filesOf(p.platform.id, doc.id)).toEqual([path.basename(row.storageKey)]);
  });

  it("a PUT racing a DELETE answers 200 or 404 (never 500) and leaves no stored bytes behind", async () => {
    const { p, o, customer } = await setup();
    for (let i = 0; i < 5; i++) {
      const doc = (await o.upload(passportFields(customer.id))).json;
      await t.warmPool();
      const [put, del] = await Promise.all([
        o.upload(passportFields(customer.id), { bytes: PNG, name: "passport.png", type: "image/png" }, { method: "PUT", path: `/documents/${doc.id}` }),
        t.call("DELETE", `/documents/${doc.id}`, { auth: p.auth }),
      ]);
      expect(del.status).toBe(204);
      expect([200, 404]).toContain(put.status);
      expect(filesOf(p.platform.id, doc.id)).toEqual([]);
    }
  });

  it("a DELETE racing POST /verifications serializes with it: deleted then RESOLVE_ERRORS, or submitted (APPROVED) then 409; never APPROVED without the document", async () => {
    const p = await t.createTestPlatform();
    const o = onboarding(t, p.auth);
    for (let i = 0; i < 8; i++) {
      const customer = await o.createCustomer(completeIndividual("Ada Lovelace"));
      const doc = (await o.upload(passportFields(customer.id))).json;
      await t.warmPool();
      const [del, sub] = await Promise.all([t.call("DELETE", `/documents/${doc.id}`, { auth: p.auth }), o.submit(customer.id)]);
      const left = (await t.call("GET", `/documents?documentHolder=${encodeURIComponent(customer.id)}`, { auth: p.auth })).json.data;
      const kycStatus = (await t.call("GET", `/customers/${customer.id}`, { auth: p.auth })).json.kycStatus;
      const outcome = `${del.status} ${sub.json.verificationStatus} ${left.length} ${kycStatus}`;
      expect(["204 RESOLVE_ERRORS 0 UNVERIFIED", "409 APPROVED 1 APPROVED"]).toContain(outcome);
      if (del.status === 204) expect(sub.json.errors.map((e: { type: string }) => e.type)).toContain("MISSING_IDENTITY_DOCUMENT");
    }
  });

  it("needs MANAGE to upload", async () => {
    const { p, customer } = await setup();
    const viewer = onboarding(t, await p.tokenWith(["VIEW"]));
    expect((await viewer.upload(passportFields(customer.id))).status).toBe(403);
  });
});
