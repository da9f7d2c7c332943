import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isServiceError } from "../http/errors";
import { API_BASE_PATH } from "../http/openapi";
import { runDueJobs } from "../jobs/run-jobs";
import { basic, createTestApp, type Credentials, type TestApp } from "../testing/test-app";
import { CSV_MAX_BYTES } from "./parse-customer-csv";
import { runBulkCustomerImport } from "./run-bulk-customer-import";
import { BulkCustomerImportJobSchema } from "./schemas";
import { startBulkCustomerImport } from "./start-bulk-customer-import";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEADER =
  "umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,addressLine2,city,state,postalCode,country,businessLegalName,businessRegistrationNumber,businessTaxId,email,description";

/** POST /customers/bulk/csv as a real multipart upload. */
async function upload(auth: Credentials, content: BlobPart | null, name = "customers.csv") {
  const form = new FormData();
  if (content !== null) form.append("file", new Blob([content], { type: "text/csv" }), name);
  const res = await t.api.request(`${API_BASE_PATH}/customers/bulk/csv`, { method: "POST", headers: { authorization: basic(auth) }, body: form });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function getJob(auth: Credentials, jobId: string) {
  return t.call("GET", `/customers/bulk/jobs/${encodeURIComponent(jobId)}`, { auth });
}

const individualRow = (id: string, extra: Partial<Record<string, string>> = {}) => {
  const row = { umaAddress: `$${id}@bulk.example.com`, platformCustomerId: id, customerType: "INDIVIDUAL", fullName: "Jane Doe", birthDate: "1988-04-12", addressLine1: "1 Main St", city: "Austin", state: "TX", postalCode: "73301", country: "US", email: `${id}@example.com`, ...extra };
  return HEADER.split(",").map((column) => csvCell(row[column as keyof typeof row] ?? "")).join(",");
};
const businessRow = (id: string, extra: Partial<Record<string, string>> = {}) => {
  const row = { umaAddress: `$${id}@bulk.example.com`, platformCustomerId: id, customerType: "BUSINESS", businessLegalName: "Bulk, Inc.", businessRegistrationNumber: "R-77", businessTaxId: "98-7654321", addressLine1: "9 Elm St", city: "Boston", state: "MA", postalCode: "02101", country: "US", ...extra };
  return HEADER.split(",").map((column) => csvCell(row[column as keyof typeof row] ?? "")).join(",");
};
const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (...rows: string[]) => [HEADER, ...rows].join("\n") + "\n";

describe("POST /customers/bulk/csv", () => {
  it("accepts a file with 202, then a job creates every row's customer and announces BULK_UPLOAD.COMPLETED", async () => {
    const p = await t.createTestPlatform();
    const res = await upload(p.auth, csv(individualRow("bulk-a"), individualRow("bulk-b", { addressLine2: "Apt 4" }), businessRow("bulk-c")));
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ jobId: expect.stringMatching(/^Job:[0-9a-f-]{36}$/), status: "PENDING" });

    const pending = await getJob(p.auth, res.json.jobId);
    expect(pending.status).toBe(200);
    expect(pending.json).toMatchObject({ status: "PENDING", progress: { total: 3, processed: 0, successful: 0, failed: 0 }, errors: [] });

    await runDueJobs(t.db, { platformId: p.platform.id });
    const done = await getJob(p.auth, res.json.jobId);
    expect(BulkCustomerImportJobSchema.safeParse(done.json).success).toBe(true);
    expect(done.json).toMatchObject({ status: "COMPLETED", progress: { total: 3, processed: 3, successful: 3, failed: 0 }, errors: [] });
    expect(done.json.completedAt).toBeDefined();
    expect(done.json.createdCustomers.map((c: { correlationId: string }) => c.correlationId)).toEqual(["bulk-a", "bulk-b", "bulk-c"]);

    const [a, b, c] = await Promise.all(done.json.createdCustomers.map((created: { customerId: string }) => t.call("GET", `/customers/${created.customerId}`, { auth: p.auth })));
    expect(a!.json).toMatchObject({ platformCustomerId: "bulk-a", umaAddress: "$bulk-a@bulk.example.com", fullName: "Jane Doe", birthDate: "1988-04-12", email: "bulk-a@example.com", address: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "73301", country: "US" } });
    expect(b!.json.address.line2).toBe("Apt 4");
    expect(c!.json).toMatchObject({ customerType: "BUSINESS", businessInfo: { legalName: "Bulk, Inc.", country: "US", registrationNumber: "R-77", taxId: "98-7654321" } });

    const event = await t.db.webhookEvent.findFirstOrThrow({ where: { platformId: p.platform.id, type: "BULK_UPLOAD.COMPLETED" } });
    expect(JSON.parse(event.body).data).toMatchObject({ id: res.json.jobId, status: "COMPLETED", progress: { successful: 3 } });
  });

  it("reports each bad row with its error and creates nothing for it", async () => {
    const p = await t.createTestPlatform();
    await t.call("POST", "/customers", { auth: p.auth, body: { customerType: "INDIVIDUAL", platformCustomerId: "taken" } });
    const res = await upload(
      p.auth,
      csv(
        individualRow("ok-1"),
        individualRow("no-name", { fullName: "", postalCode: "" }),
        individualRow("bad-email", { email: "nope", birthDate: "12/04/1988" }),
        individualRow("taken"),
        businessRow("biz-no-name", { businessLegalName: "" }),
        individualRow("robot", { customerType: "ROBOT" }),
        individualRow("ok-2"),
      ),
    );
    expect(res.status).toBe(202);
    await runDueJobs(t.db, { platformId: p.platform.id });
    const job = (await getJob(p.auth, res.json.jobId)).json;
    expect(job).toMatchObject({ status: "COMPLETED", progress: { total: 7, processed: 7, successful: 2, failed: 5 } });
    expect(job.createdCustomers.map((c: { correlationId: string }) => c.correlationId)).toEqual(["ok-1", "ok-2"]);

    const byId = Object.fromEntries(job.errors.map((e: { correlationId: string }) => [e.correlationId, e]));
    expect(Object.keys(byId)).toEqual(["no-name", "bad-email", "taken", "biz-no-name", "robot"]);
    const fieldsOf = (id: string) => byId[id].details.errors.map((e: { field: string }) => e.field).sort();
    expect(byId["no-name"]).toMatchObject({ row: 2, code: "INVALID_INPUT", error: { code: "INVALID_INPUT" }, details: { row: 2 } });
    expect(fieldsOf("no-name")).toEqual(["fullName", "postalCode"]);
    expect(fieldsOf("bad-email")).toEqual(["birthDate", "email"]);
    expect(byId.taken).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("taken") });
    expect(fieldsOf("biz-no-name")).toEqual(["businessLegalName"]);
    expect(fieldsOf("robot")).toEqual(["customerType"]);

    const customers = await t.call("GET", "/customers?limit=100", { auth: p.auth });
    expect(customers.json.data.map((c: { platformCustomerId: string }) => c.platformCustomerId).sort()).toEqual(["ok-1", "ok-2", "taken"]);
  });

  it("ends FAILED, with BULK_UPLOAD.FAILED, when every row failed", async () => {
    const p = await t.createTestPlatform();
    const res = await upload(p.auth, csv(individualRow("f-1", { email: "x" }), individualRow("f-2", { country: "" })));
    await runDueJobs(t.db, { platformId: p.platform.id });
    const job = (await getJob(p.auth, res.json.jobId)).json;
    expect(job).toMatchObject({ status: "FAILED", progress: { total: 2, processed: 2, successful: 0, failed: 2 } });
    const event = await t.db.webhookEvent.findFirstOrThrow({ where: { platformId: p.platform.id, type: "BULK_UPLOAD.FAILED" } });
    expect(JSON.parse(event.body).data.status).toBe("FAILED");
  });

  it("runs a long file in several job runs and creates each customer exactly once", async () => {
    const p = await t.createTestPlatform();
    const rows = Array.from({ length: 260 }, (_, i) => individualRow(`many-${i}`));
    const res = await upload(p.auth, csv(...rows));
    const ran = await runDueJobs(t.db, { platformId: p.platform.id });
    expect(ran.filter((r) => r.kind === "customers.bulk-import").map((r) => r.status)).toEqual(["DONE", "DONE"]);
    const job = (await getJob(p.auth, res.json.jobId)).json;
    expect(job).toMatchObject({ status: "COMPLETED", progress: { total: 260, processed: 260, successful: 260, failed: 0 } });

    // A stray rerun of the handler after the end changes nothing.
    await runBulkCustomerImport({ db: t.db, platformId: p.platform.id, payload: { importId: res.json.jobId.split(":")[1] } });
    expect((await t.call("GET", "/customers?limit=1", { auth: p.auth })).json.totalCount).toBe(260);
    expect(await t.db.webhookEvent.count({ where: { platformId: p.platform.id, type: { startsWith: "BULK_UPLOAD." } } })).toBe(1);
  });

  it("two runs of the handler at once (a second worker took the job over) both end without error: each row once, one announcement", async () => {
    const p = await t.createTestPlatform();
    const rows = Array.from({ length: 30 }, (_, i) => individualRow(`twice-${i}`));
    const res = await upload(p.auth, csv(...rows));
    const payload = { importId: res.json.jobId.split(":")[1] };
    await t.warmPool();
    const runs = await Promise.allSettled([0, 1].map(() => runBulkCustomerImport({ db: t.db, platformId: p.platform.id, payload })));
    expect(runs.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const job = (await getJob(p.auth, res.json.jobId)).json;
    expect(job).toMatchObject({ status: "COMPLETED", progress: { total: 30, processed: 30, successful: 30, failed: 0 } });
    expect((await t.call("GET", "/customers?limit=1", { auth: p.auth })).json.totalCount).toBe(30);
    expect(await t.db.webhookEvent.count({ where: { platformId: p.platform.id, type: { startsWith: "BULK_UPLOAD." } } })).toBe(1);
  });

  it.each([
    ["a binary file", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), "file"],
    ["a file without a header", "$a@x.example,a,INDIVIDUAL\n$b@x.example,b,INDIVIDUAL\n", "file.header.umaAddress"],
    ["unknown columns", "umaAddress,platformCustomerId,customerType,shoeSize\n$a@x.example,a,INDIVIDUAL,42\n", "file.header.shoeSize"],
    ["more than 10,000 rows", `umaAddress,platformCustomerId,customerType\n${"$a@x.example,a,INDIVIDUAL\n".repeat(10_001)}`, "file"],
    ["a header only", "umaAddress,platformCustomerId,customerType\n", "file"],
    ["rows of the wrong width", "umaAddress,platformCustomerId,customerType\n$a@x.example,a\n", "file.rows.1"],
  ])("refuses %s with 400 before storing anything", async (_name, content, field) => {
    const p = await t.createTestPlatform();
    const res = await upload(p.auth, content as BlobPart);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_INPUT");
    expect(res.json.details.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await t.db.bulkCustomerImport.count({ where: { platformId: p.platform.id } })).toBe(0);
  });

  it("refuses a request without a file part, or not multipart at all", async () => {
    const p = await t.createTestPlatform();
    const none = await upload(p.auth, null);
    expect(none.status).toBe(400);
    expect(none.json.details.errors[0].field).toBe("file");
    const json = await t.call("POST", "/customers/bulk/csv", { auth: p.auth, body: { file: "a,b" } });
    expect(json.status).toBe(400);
    expect(json.json.code).toBe("INVALID_INPUT");
  });

  it("refuses a file over 5 MB", async () => {
    // Through the use case: the app's global 1 MB request limit answers 413 first over HTTP.
    const p = await t.createTestPlatform();
    const file = new File([new Uint8Array(CSV_MAX_BYTES + 1)], "big.csv");
    const error = await startBulkCustomerImport(t.db, { platformId: p.platform.id, file }).catch((e: unknown) => e);
    expect(isServiceError(error) && error.code).toBe("INVALID_INPUT");
    expect(isServiceError(error) && error.details).toEqual({ errors: [expect.objectContaining({ field: "file", constraint: { maxBytes: CSV_MAX_BYTES } })] });
  });

  it("needs MANAGE", async () => {
    const p = await t.createTestPlatform();
    const view = await p.tokenWith(["VIEW"]);
    expect((await upload(view, csv(individualRow("x")))).status).toBe(403);
  });
});

describe("GET /customers/bulk/jobs/{jobId}", () => {
  it("answers 404 BULK_UPLOAD_JOB_NOT_FOUND for unknown, malformed and other platforms' jobs", async () => {
    const p = await t.createTestPlatform();
    const other = await t.createTestPlatform();
    const theirs = await upload(other.auth, csv(individualRow("theirs")));
    for (const id of [theirs.json.jobId, "nope", "BulkUploadJob:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10"]) {
      const res = await getJob(p.auth, id);
      expect(res.status, id).toBe(404);
      expect(res.json).toMatchObject({ status: 404, code: "BULK_UPLOAD_JOB_NOT_FOUND" });
    }
    expect((await getJob(other.auth, theirs.json.jobId)).status).toBe(200);
  });

  it("names a job `Job:<uuid>` (BEHAVIORS.md §9.7) and still finds it by the legacy `BulkUploadJob:` prefix", async () => {
    const p = await t.createTestPlatform();
    const res = await upload(p.auth, csv(individualRow("prefix-a")));
    expect(res.json.jobId).toMatch(/^Job:[0-9a-f-]{36}$/);
    await runDueJobs(t.db, { platformId: p.platform.id });
    const job = await getJob(p.auth, res.json.jobId);
    expect(job.json).toMatchObject({ id: res.json.jobId, status: "COMPLETED" });
    const legacy = await getJob(p.auth, res.json.jobId.replace(/^Job:/, "BulkUploadJob:"));
    expect(legacy.status).toBe(200);
    expect(legacy.json.id).toBe(res.json.jobId);
  });
});
