import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId } from "../http/ids";
import { getTransactionOrThrow } from "../transactions/get-transaction-or-throw";
import { lockTransaction } from "../transactions/lock-transaction";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { IncomingTransaction } from "../transactions/schemas";
import { assertAwaitingApproval } from "./assert-awaiting-approval";
import { creditIncomingPayment } from "./credit-incoming-payment";
import { DELETED_RECEIVER_FAILURE, lockLiveReceiver } from "./lock-live-receiver";
import { now } from "../sandbox/clock";
import { missingMandatoryFields, receiverInfoErrors, requestedReceiverFields } from "./receiver-info-fields";

/**
 * POST /transactions/{transactionId}/approve: the platform approves an incoming payment that
 * awaits it (after a 202 answer, within 5 s); the payment then runs PROCESSING → COMPLETED and is
 * credited (BEHAVIORS.md §3.3, §3.7). Every mandatory receiver field of the approval request must be
 * in `receiverCustomerInfo`, and a value given must be valid (BIRTH_DATE: a date not in the future);
 * otherwise nothing changes and the platform may approve again. A receiver deleted since the payment
 * arrived (BEHAVIORS.md §1.2 "afterwards 410") takes nothing: the payment ends FAILED
 * ACCOUNT_CANNOT_RECEIVE (INCOMING_PAYMENT.FAILED, nothing credited) and the approve answers 410.
 * Throws: TRANSACTION_NOT_FOUND, TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL, INVALID_INPUT,
 * MISSING_MANDATORY_USER_INFO, CUSTOMER_DELETED (after failing the payment).
 */
export async function approveIncomingPayment(
  db: Db,
  input: { platformId: string; transactionId: string; receiverCustomerInfo?: Record<string, unknown> },
): Promise<IncomingTransaction> {
  const { platformId } = input;
  // A malformed body is refused first, as the request schema's own errors are.
  const invalid = receiverInfoErrors(input.receiverCustomerInfo, (await now(db, platformId)).toISOString().slice(0, 10));
  if (invalid.length > 0) throw invalidInput(invalid);
  const found = await getTransactionOrThrow(db, platformId, input.transactionId);
  const outcome = await db.$transaction(async (tx) => {
    const deleted = await lockLiveReceiver(tx, platformId, found.customerId);
    const row = await lockTransaction(tx, { platformId, transactionId: found.id });
    await assertAwaitingApproval(tx, row);
    if (deleted) {
      // Failed and committed, then refused: the payment is over, as one whose account cannot receive.
      await recordTransactionStatus(tx, row, { status: "FAILED", failureReason: DELETED_RECEIVER_FAILURE, note: `Approved after the receiver was deleted: ${deleted.message}` });
      return refusedForDeletedReceiver(deleted, row.id);
    }
    const customer = await getCustomerOrThrow(tx, platformId, formatId("Customer", row.customerId!), { isIncludingDeleted: true });
    const missing = missingMandatoryFields(requestedReceiverFields(customer), input.receiverCustomerInfo);
    if (missing.length > 0)
      throw new ServiceError("MISSING_MANDATORY_USER_INFO", `receiverCustomerInfo must include the mandatory fields ${missing.join(", ")} requested in the approval request`, {
        details: { missingFields: missing },
      });
    return (await creditIncomingPayment(tx, row, "Approved with POST /transactions/{id}/approve")) as IncomingTransaction;
  });
  if (outcome instanceof ServiceError) throw outcome;
  return outcome;
}

function refusedForDeletedReceiver(deleted: ServiceError, transactionId: string): ServiceError {
  const id = formatId("Transaction", transactionId);
  return new ServiceError("CUSTOMER_DELETED", `${deleted.message}. Payment ${id} was not credited and is now FAILED (${DELETED_RECEIVER_FAILURE})`, {
    details: { ...deleted.details, transactionId: id, status: "FAILED", failureReason: DELETED_RECEIVER_FAILURE },
  });
}
