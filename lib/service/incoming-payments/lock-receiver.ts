import type { SqlTx } from "../db";
import { isServiceError } from "../http/errors";
import { lockLiveParties } from "../transfers/lock-live-parties";

/**
 * Before an approved incoming payment is credited: share-locks the receiving customer's row
 * (lockLiveParties; taken before the payment's own row, lockCustomer's order), so a racing DELETE
 * /customers runs wholly before or after the credit. A deleted receiver is no error here: the
 * delete already failed the payments awaiting approval (failPaymentsAwaitingDeletedReceiver), which
 * the caller then finds no longer awaiting.
 */
export async function lockReceiver(tx: SqlTx, platformId: string, customerId: string | null): Promise<void> {
  try {
    await lockLiveParties(tx, platformId, { customerIds: [customerId] });
  } catch (e) {
    if (!isServiceError(e) || e.code !== "CUSTOMER_DELETED") throw e;
  }
}
