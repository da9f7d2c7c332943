import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import { serializeBulkCustomerImportJob } from "./serialize-bulk-customer-import-job";
import type { BulkCustomerImportJob } from "./schemas";

/**
 * GET /customers/bulk/jobs/{jobId}: progress, per-row errors and the customers created so far.
 * Ids are `Job:<uuid>`; the `BulkUploadJob:<uuid>` form earlier versions returned is still accepted.
 * Throws: BULK_UPLOAD_JOB_NOT_FOUND (unknown, malformed or another platform's id). BEHAVIORS.md §9.7.
 */
export async function getBulkCustomerImportJob(db: DbOrTx, platformId: string, jobId: string): Promise<BulkCustomerImportJob> {
  const id = parseId("Job", jobId) ?? parseId("BulkUploadJob", jobId);
  const job = id ? await db.bulkCustomerImport.findFirst({ where: { id, platformId } }) : null;
  if (!job) throw new ServiceError("BULK_UPLOAD_JOB_NOT_FOUND", id ? `Bulk upload job ${jobId} not found` : notFoundMessage("Job", jobId));
  const results = await db.bulkCustomerImportRow.findMany({ where: { importId: job.id, platformId }, orderBy: { rowNumber: "asc" } });
  return serializeBulkCustomerImportJob(job, results);
}
