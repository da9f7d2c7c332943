import type { BulkCustomerImport, BulkCustomerImportRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { BulkCustomerImportJob } from "./schemas";

/** A bulk import as GET /customers/bulk/jobs/{jobId} and the BULK_UPLOAD.* webhooks show it. */
export function serializeBulkCustomerImportJob(job: BulkCustomerImport, results: BulkCustomerImportRow[]): BulkCustomerImportJob {
  const sorted = [...results].sort((a, b) => a.rowNumber - b.rowNumber);
  const errors = sorted
    .filter((r) => r.errorCode !== null)
    .map((r) => {
      const error = {
        code: r.errorCode!,
        message: r.errorMessage ?? r.errorCode!,
        ...(r.errorDetails !== null && { details: r.errorDetails as Record<string, unknown> }),
      };
      return { correlationId: r.correlationId, row: r.rowNumber, ...error, error };
    });
  const createdCustomers = sorted
    .filter((r) => r.customerId !== null)
    .map((r) => ({ correlationId: r.correlationId, row: r.rowNumber, customerId: formatId("Customer", r.customerId!) }));
  return {
    id: formatId("Job", job.id),
    status: job.status,
    progress: { total: job.total, processed: sorted.length, successful: createdCustomers.length, failed: errors.length },
    errors,
    createdCustomers,
    ...(job.completedAt && { completedAt: job.completedAt.toISOString() }),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}
