import type { Db } from "../db";
import { deliverEvent } from "../webhooks/deliver-event";
import { DELIVER_WEBHOOK } from "./enqueue-event";
import { BULK_CUSTOMER_IMPORT_JOB, runBulkCustomerImport } from "../customers/run-bulk-customer-import";
import { COMPLETE_TRANSFER_REFUND_JOB, runCompleteTransferRefund } from "../transfers/complete-transfer-refund";
import { FAIL_PENDING_TRANSFER_JOB, runFailPendingTransfer } from "../transfers/fail-pending-transfer";

export interface JobContext {
  db: Db;
  platformId: string;
  payload: unknown;
}

/** Every kind of scheduled work. An area that needs timed behaviour adds its handler here. */
export const JOB_HANDLERS: Readonly<Record<string, (ctx: JobContext) => Promise<void>>> = {
  [DELIVER_WEBHOOK]: ({ db, platformId, payload }) => deliverEvent(db, platformId, (payload as { eventId: string }).eventId),
  [BULK_CUSTOMER_IMPORT_JOB]: runBulkCustomerImport,
  [FAIL_PENDING_TRANSFER_JOB]: runFailPendingTransfer,
  [COMPLETE_TRANSFER_REFUND_JOB]: runCompleteTransferRefund,
};
