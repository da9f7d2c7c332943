import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { ServiceError, invalidInput, isServiceError, type FieldError } from "../http/errors";
import { formatId } from "../http/ids";
import { enqueueEvent } from "../jobs/enqueue-event";
import { scheduleJob } from "../jobs/schedule-job";
import { now } from "../sandbox/clock";
import { createCustomer } from "./create-customer";
import { mergeFieldErrors } from "./customer-rules";
import { csvRowToRequest, toCsvFieldErrors } from "./csv-row-to-request";
import { getBulkCustomerImportJob } from "./get-bulk-customer-import-job";
import type { CsvRow } from "./parse-customer-csv";
import { CustomerCreateRequestSchema } from "./schemas";
import { customerRequestErrors } from "./validate-customer-request";

/** Job kind (JOB_HANDLERS) of a bulk customer import. */
export const BULK_CUSTOMER_IMPORT_JOB = "customers.bulk-import";

/** Rows per job run; a longer file continues in a follow-up job, so progress shows as it goes. */
const ROWS_PER_RUN = 250;

/**
 * Job handler: creates the next rows of an import, each in its own transaction through
 * createCustomer, its outcome row written in that same transaction, so a rerun after a crash resumes
 * after the last recorded row and never creates a customer twice (nor does a second run at the same
 * time: each row's outcome is recorded once). A bad row records its error and creates nothing. At
 * the end: COMPLETED, or FAILED when every row failed, and a BULK_UPLOAD.<status> webhook.
 * BEHAVIORS.md §9.7.
 */
export async function runBulkCustomerImport({ db, platformId, payload }: { db: Db; platformId: string; payload: unknown }): Promise<void> {
  const importId = (payload as { importId: string }).importId;
  const job = await db.bulkCustomerImport.findFirst({ where: { id: importId, platformId } });
  if (!job || job.status === "COMPLETED" || job.status === "FAILED") return;
  if (job.status === "PENDING")
    await db.bulkCustomerImport.update({ where: { id: importId }, data: { status: "PROCESSING", updatedAt: await now(db, platformId) } });

  const done = await db.bulkCustomerImportRow.aggregate({ where: { importId }, _max: { rowNumber: true } });
  const first = (done._max.rowNumber ?? 0) + 1;
  const last = Math.min(job.total, first + ROWS_PER_RUN - 1);
  const rows = job.rows as CsvRow[];
  for (let rowNumber = first; rowNumber <= last; rowNumber++) await importRow(db, { platformId, importId, rowNumber, row: rows[rowNumber - 1]! });
  await db.bulkCustomerImport.update({ where: { id: importId }, data: { updatedAt: await now(db, platformId) } });

  if (last < job.total) await scheduleJob(db, { platformId, kind: BULK_CUSTOMER_IMPORT_JOB, payload: { importId } });
  else await finishImport(db, platformId, importId);
}

async function importRow(db: Db, input: { platformId: string; importId: string; rowNumber: number; row: CsvRow }) {
  const { platformId, importId, rowNumber, row } = input;
  const outcome = { importId, rowNumber, platformId, correlationId: row.platformCustomerId ?? `row-${rowNumber}` };
  try {
    const { request, missing } = csvRowToRequest(row);
    const parsed = CustomerCreateRequestSchema.safeParse(request);
    if (missing.length > 0 || !parsed.success) {
      const errors = await customerRequestErrors(db, { platformId, raw: request, issues: parsed.success ? [] : parsed.error.issues });
      throw invalidInput(mergeFieldErrors(missing, toCsvFieldErrors(errors)));
    }
    await db.$transaction(async (tx) => {
      const customer = await createCustomer(tx, { platformId, request: parsed.data });
      await tx.bulkCustomerImportRow.create({ data: { ...outcome, customerId: customer.id, createdAt: await now(tx, platformId) } });
    });
  } catch (e) {
    // Another run of this import (a worker that took the job over) recorded the row first: its
    // outcome stands, and this run's customer was rolled back with the failed outcome row.
    if (await db.bulkCustomerImportRow.findUnique({ where: { importId_rowNumber: { importId, rowNumber } }, select: { rowNumber: true } })) return;
    const error = rowError(e, rowNumber);
    await db.bulkCustomerImportRow.createMany({
      data: {
        ...outcome,
        errorCode: error.code,
        errorMessage: error.message,
        errorDetails: { row: rowNumber, ...error.details } as Prisma.InputJsonObject,
        createdAt: await now(db, platformId),
      },
      skipDuplicates: true,
    });
  }
}

/** A row's failure as it is reported: field errors under the file's column names; anything unexpected logged. */
function rowError(e: unknown, rowNumber: number): ServiceError {
  if (isServiceError(e)) {
    const errors = e.details?.errors as FieldError[] | undefined;
    return e.code === "INVALID_INPUT" && errors ? invalidInput(toCsvFieldErrors(errors)) : e;
  }
  console.error(JSON.stringify({ level: "error", msg: "bulk customer import row failed", rowNumber, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }));
  return new ServiceError("INTERNAL_ERROR", "The row could not be imported because of an unexpected error; upload it again");
}

async function finishImport(db: Db, platformId: string, importId: string) {
  await db.$transaction(async (tx) => {
    const successful = await tx.bulkCustomerImportRow.count({ where: { importId, customerId: { not: null } } });
    const status = successful === 0 ? "FAILED" : "COMPLETED";
    const at = await now(tx, platformId);
    // Only the run that moves the import out of PROCESSING announces it.
    const { count } = await tx.bulkCustomerImport.updateMany({
      where: { id: importId, platformId, status: "PROCESSING" },
      data: { status, completedAt: at, updatedAt: at },
    });
    if (count === 0) return;
    const job = await getBulkCustomerImportJob(tx, platformId, formatId("Job", importId));
    await enqueueEvent(tx, { platformId, type: `BULK_UPLOAD.${status}`, data: job });
  });
}
