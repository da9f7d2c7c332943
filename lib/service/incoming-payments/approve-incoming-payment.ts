import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId } from "../http/ids";
import { getTransactionOrThrow } from "../transactions/get-transaction-or-throw";
import { lockTransaction } from "../transactions/lock-transaction";
import type { IncomingTransaction } from "../transactions/schemas";
import { assertAwaitingApproval } from "./assert-awaiting-approval";
import { creditIncomingPayment } from "./credit-incoming-payment";
import { lockReceiver } from "./lock-receiver";
import { now } from "../sandbox/clock";
import { missingMandatoryFields, receiverInfoErrors, requestedReceiverFields } from "./receiver-info-fields";

/**
 * POST /transactions/{transactionId}/approve: the platform approves an incoming payment that
 * awaits it (after a 202 answer, within 5 s); the payment then runs PROCESSING → COMPLETED and is
 * credited (BEHAVIORS.md §3.3, §3.7). Every mandatory receiver field of the approval request must be
 * in `receiverCustomerInfo`, and a value given must be valid (BIRTH_DATE: a date not in the future);
 * otherwise nothing changes and the platform may approve again. Deleting the receiver fails its
 * payments awaiting approval (failPaymentsAwaitingDeletedReceiver), so approving one afterwards
 * answers 409 like any payment no longer pending.
 * Throws: TRANSACTION_NOT_FOUND, TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL, INVALID_INPUT,
 * MISSING_MANDATORY_USER_INFO.
 */
export async function approveIncomingPayment(
  db: Db,
  input: { platformId: string; transactionId: string; receiverCustomerInfo?: Record<string, unknown> },
): Promise<IncomingTransaction> {
  const { platformId } = input;
  // A malformed body is refused first, as the request schema's own errors are.
  const invalid = receiverInfoErrors(input.receiverCustomerInfo, await now(db, platformId));
  if (invalid.length > 0) throw invalidInput(invalid);
  const found = await getTransactionOrThrow(db, platformId, input.transactionId);
  return db.$transaction(async (tx) => {
    await lockReceiver(tx, platformId, found.customerId);
    const row = await lockTransaction(tx, { platformId, transactionId: found.id });
    await assertAwaitingApproval(tx, row);
    const customer = await getCustomerOrThrow(tx, platformId, formatId("Customer", row.customerId!));
    const missing = missingMandatoryFields(requestedReceiverFields(customer), input.receiverCustomerInfo);
    if (missing.length > 0)
      throw new ServiceError("MISSING_MANDATORY_USER_INFO", `receiverCustomerInfo must include the mandatory fields ${missing.join(", ")} requested in the approval request`, {
        details: { missingFields: missing },
      });
    return (await creditIncomingPayment(tx, row, "Approved with POST /transactions/{id}/approve")) as IncomingTransaction;
  });
}
