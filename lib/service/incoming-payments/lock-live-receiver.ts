import type { SqlTx } from "../db";
import { isServiceError, type ServiceError } from "../http/errors";
import { lockLiveParties } from "../transfers/lock-live-parties";

/** failureReason of an incoming payment approved after its receiver was deleted (SPEC.md's "later additions"). */
export const DELETED_RECEIVER_FAILURE = "ACCOUNT_CANNOT_RECEIVE";

/**
 * Before an approved incoming payment is credited: share-locks the receiving customer's row
 * (lockLiveParties; taken before the payment's own row, lockCustomer's order), so a racing DELETE
 * /customers runs wholly before or after the credit. Answers the CUSTOMER_DELETED refusal when the
 * customer was deleted (null while live) instead of throwing it, so the caller can end the payment
 * FAILED (DELETED_RECEIVER_FAILURE) in its transaction rather than credit a deleted customer.
 */
export async function lockLiveReceiver(tx: SqlTx, platformId: string, customerId: string | null): Promise<ServiceError | null> {
  try {
    await lockLiveParties(tx, platformId, { customerIds: [customerId] });
    return null;
  } catch (e) {
    if (isServiceError(e) && e.code === "CUSTOMER_DELETED") return e;
    throw e;
  }
}
