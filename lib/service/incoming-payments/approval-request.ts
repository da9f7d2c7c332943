import type { Db, Tx } from "../db";
import { uuidv7 } from "../http/ids";
import { eventBody } from "../jobs/enqueue-event";
import { scheduleJob } from "../jobs/schedule-job";
import { now } from "../sandbox/clock";
import type { Transaction } from "../transactions/schemas";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { postSigned, webhookTimeoutMs } from "../webhooks/post-signed";
import { outcomeOf } from "../webhooks/retry-policy";
import { EXPIRE_APPROVAL_JOB } from "./expire-approval";
import type { ReceiverInfoField } from "./schemas";

export const APPROVAL_REQUEST_EVENT = "INCOMING_PAYMENT.PENDING";

/** An approval request written and ready to send (after the transaction that wrote it commits). */
export interface PreparedApprovalRequest {
  platformId: string;
  eventId: string;
  body: string;
  endpoint: string | null;
  privateKeyPem: string;
}

/** How the platform answered (BEHAVIORS.md §3.7). */
export type ApprovalAnswer =
  | { kind: "APPROVE"; receiverCustomerInfo: Record<string, unknown> | undefined }
  | { kind: "DEFER" }
  | { kind: "REJECT"; reason: string | undefined }
  | { kind: "MORE_INFO"; requiredFields: string[] }
  | { kind: "ERROR"; reason: string };

/**
 * Writes the INCOMING_PAYMENT.PENDING approval request of a new incoming payment in the caller's
 * transaction: the event (data = the transaction + `requestedReceiverCustomerInfoFields`), linked
 * to the PENDING history step, but not queued for the worker: it is sent once, synchronously, and
 * never retried (BEHAVIORS.md §7.2). Also schedules a backstop that fails the payment with
 * PAYMENT_APPROVAL_WEBHOOK_ERROR should no answer ever be applied (the process died mid-call).
 */
export async function writeApprovalRequest(tx: Tx, row: TransactionRow, transaction: Transaction, requested: ReceiverInfoField[]): Promise<PreparedApprovalRequest> {
  const { platformId } = row;
  const at = await now(tx, platformId);
  const id = uuidv7(at.getTime());
  const body = eventBody(id, APPROVAL_REQUEST_EVENT, at, { ...transaction, requestedReceiverCustomerInfoFields: requested });
  await tx.webhookEvent.create({ data: { id, platformId, type: APPROVAL_REQUEST_EVENT, body, createdAt: at } });
  await tx.transactionStatusChange.updateMany({ where: { platformId, transactionId: row.id, sequence: 0 }, data: { eventType: APPROVAL_REQUEST_EVENT, webhookEventId: id } });
  const backstopAt = new Date(at.getTime() + webhookTimeoutMs() + 5_000);
  await scheduleJob(tx, { platformId, kind: EXPIRE_APPROVAL_JOB, payload: { transactionId: row.id, failureReason: "PAYMENT_APPROVAL_WEBHOOK_ERROR" }, runAt: backstopAt });
  const platform = await tx.platform.findUniqueOrThrow({ where: { id: platformId }, select: { webhookEndpoint: true, webhookPrivateKeyPem: true } });
  return { platformId, eventId: id, body, endpoint: platform.webhookEndpoint, privateKeyPem: platform.webhookPrivateKeyPem };
}

/**
 * POSTs the approval request to the platform's webhook endpoint (signed, 30 s limit), records the
 * attempt on the event, and reads the answer: 2xx approve (202: decide later), 403 reject, 422 more
 * information needed; no endpoint, a timeout, a network error or any other status is an error.
 * Call it outside any database transaction. Throws: nothing expected.
 */
export async function sendApprovalRequest(db: Db, request: PreparedApprovalRequest): Promise<ApprovalAnswer> {
  const { platformId, eventId } = request;
  if (!request.endpoint) {
    await db.webhookEvent.update({ where: { id: eventId }, data: { deliveryStatus: "FAILED" } });
    return { kind: "ERROR", reason: "No webhook endpoint is configured (PATCH /config webhookEndpoint)" };
  }
  const startedAt = await now(db, platformId);
  const result = await postSigned(request.endpoint, request.body, request.privateKeyPem);
  // The platform decided (approve, defer, reject, ask for more): the request reached it.
  const delivered = outcomeOf(result.responseStatus) === "DELIVERED" || result.responseStatus === 403 || result.responseStatus === 422;
  await db.$transaction([
    db.webhookEvent.update({
      where: { id: eventId },
      data: { attemptCount: 1, deliveryStatus: delivered ? "DELIVERED" : "FAILED", deliveredAt: delivered ? await now(db, platformId) : null },
    }),
    db.webhookAttempt.create({ data: { id: uuidv7(), platformId, eventId, attemptNumber: 1, startedAt, ...result } }),
  ]);
  return answerOf(result.responseStatus, result.responseSnippet, result.error);
}

function answerOf(status: number | null, text: string | null, error: string | null): ApprovalAnswer {
  if (status === null) return { kind: "ERROR", reason: `The approval webhook failed: ${error ?? "no answer"}` };
  const body = parseObject(text);
  if (status === 202) return { kind: "DEFER" };
  if (status >= 200 && status < 300) {
    const info = body?.receiverCustomerInfo;
    return { kind: "APPROVE", receiverCustomerInfo: typeof info === "object" && info !== null && !Array.isArray(info) ? (info as Record<string, unknown>) : undefined };
  }
  if (status === 403) return { kind: "REJECT", reason: typeof body?.reason === "string" ? body.reason : typeof body?.message === "string" ? body.message : undefined };
  if (status === 422) return { kind: "MORE_INFO", requiredFields: Array.isArray(body?.requiredFields) ? body.requiredFields.filter((f): f is string => typeof f === "string") : [] };
  return { kind: "ERROR", reason: `The approval webhook answered HTTP ${status}` };
}

function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
