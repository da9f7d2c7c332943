import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { formatId, uuidv7 } from "../http/ids";
import { scheduleJob } from "../jobs/schedule-job";
import { now } from "../sandbox/clock";
import { CSV_MAX_BYTES, parseCustomerCsv } from "./parse-customer-csv";
import { BULK_CUSTOMER_IMPORT_JOB } from "./run-bulk-customer-import";
import type { BulkCustomerImportJobAccepted } from "./schemas";

/**
 * POST /customers/bulk/csv: checks the whole file now (a malformed one is refused before anything
 * is stored), then stores its rows and schedules the import job that creates the customers.
 * Throws: INVALID_INPUT (not CSV, no header, unknown or missing columns, no rows, > 10,000 rows,
 * > 5 MB). BEHAVIORS.md §9.7.
 */
export async function startBulkCustomerImport(db: Db, input: { platformId: string; file: File }): Promise<BulkCustomerImportJobAccepted> {
  if (input.file.size > CSV_MAX_BYTES)
    throw invalidInput([{ field: "file", message: `is larger than ${CSV_MAX_BYTES} bytes`, constraint: { maxBytes: CSV_MAX_BYTES } }]);
  const rows = parseCustomerCsv(new Uint8Array(await input.file.arrayBuffer()));
  const at = await now(db, input.platformId);
  const id = uuidv7(at.getTime());
  await db.$transaction(async (tx) => {
    await tx.bulkCustomerImport.create({
      data: { id, platformId: input.platformId, fileName: input.file.name || null, rows, total: rows.length, createdAt: at, updatedAt: at },
    });
    await scheduleJob(tx, { platformId: input.platformId, kind: BULK_CUSTOMER_IMPORT_JOB, payload: { importId: id } });
  });
  return { jobId: formatId("Job", id), status: "PENDING" };
}
