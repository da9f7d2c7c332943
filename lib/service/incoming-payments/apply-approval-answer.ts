import type { Db } from "../db";
import { scheduleJob } from "../jobs/schedule-job";
import { now } from "../sandbox/clock";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import { serializeTransaction } from "../transactions/serialize-transaction";
import type { Transaction } from "../transactions/schemas";
import type { ApprovalAnswer } from "./approval-request";
import { creditIncomingPayment } from "./credit-incoming-payment";
import { EXPIRE_APPROVAL_JOB } from "./expire-approval";
import { isAwaitingApproval } from "./is-awaiting-approval";
import { lockReceiver } from "./lock-receiver";
import { missingMandatoryFields, receiverInfoErrors } from "./receiver-info-fields";
import type { ReceiverInfoField } from "./schemas";

/** How long the platform has to approve or reject after answering 202 (BEHAVIORS.md §3.7). */
export const APPROVAL_WINDOW_SECONDS = 5;

/**
 * Applies the platform's answer to an approval request in its own transaction, after the HTTP call
 * (BEHAVIORS.md §3.3, §3.7, 10.14): 200 credits the payment (FAILED MISSING_MANDATORY_PAYEE_DATA
 * when a mandatory receiver field is missing from `receiverCustomerInfo` or a value given is invalid
 * as POST /transactions/{id}/approve would refuse it, receiverInfoErrors: the payee data was not
 * supplied), 202 leaves it PENDING and schedules the 5 s timeout, 403 REJECTED, 422 FAILED
 * MISSING_MANDATORY_PAYEE_DATA, anything else FAILED PAYMENT_APPROVAL_WEBHOOK_ERROR. A payment that
 * meanwhile stopped awaiting approval (approved or rejected during the call, or failed by a delete
 * of its receiver) is left as it is. Returns the transaction as it then stands.
 * Throws: TRANSACTION_NOT_FOUND.
 */
export async function applyApprovalAnswer(
  db: Db,
  input: { platformId: string; transactionId: string; customerId: string; answer: ApprovalAnswer; requested: ReceiverInfoField[] },
): Promise<Transaction> {
  const { platformId, answer } = input;
  return db.$transaction(async (tx) => {
    if (answer.kind === "APPROVE") await lockReceiver(tx, platformId, input.customerId);
    const row = await lockTransaction(tx, input);
    if (!isAwaitingApproval(row)) return serializeTransaction(row);
    switch (answer.kind) {
      case "APPROVE": {
        const invalid = receiverInfoErrors(answer.receiverCustomerInfo, await now(tx, platformId));
        if (invalid.length > 0)
          return fail(row, "MISSING_MANDATORY_PAYEE_DATA", `The platform approved (200) with invalid receiver fields: ${invalid.map((e) => `${e.field} ${e.message}`).join("; ")}`);
        const missing = missingMandatoryFields(input.requested, answer.receiverCustomerInfo);
        if (missing.length > 0)
          return fail(row, "MISSING_MANDATORY_PAYEE_DATA", `The platform approved without the mandatory receiver fields ${missing.join(", ")}`);
        return creditIncomingPayment(tx, row, "Approved by the platform's webhook answer (200)");
      }
      case "DEFER": {
        const runAt = new Date((await now(tx, platformId)).getTime() + APPROVAL_WINDOW_SECONDS * 1000);
        await scheduleJob(tx, { platformId, kind: EXPIRE_APPROVAL_JOB, payload: { transactionId: row.id, failureReason: "PAYMENT_APPROVAL_TIMED_OUT" }, runAt });
        return serializeTransaction(row);
      }
      case "REJECT":
        return (await recordTransactionStatus(tx, row, { status: "REJECTED", note: `Rejected by the platform's webhook answer (403)${answer.reason ? `: ${answer.reason}` : ""}` })).transaction;
      case "MORE_INFO":
        return fail(row, "MISSING_MANDATORY_PAYEE_DATA", `The platform asked for more information (422)${answer.requiredFields.length ? `: ${answer.requiredFields.join(", ")}` : ""}`);
      case "ERROR":
        return fail(row, "PAYMENT_APPROVAL_WEBHOOK_ERROR", answer.reason);
    }

    async function fail(current: typeof row, failureReason: string, note: string) {
      return (await recordTransactionStatus(tx, current, { status: "FAILED", failureReason, note })).transaction;
    }
  });
}
