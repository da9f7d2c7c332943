import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { lockTransaction } from "../transactions/lock-transaction";
import type { Transaction } from "../transactions/schemas";
import { serializeTransaction } from "../transactions/serialize-transaction";
import { TRANSFER_TX_OPTIONS } from "../transfers/transfer-tx-options";
import { startQuoteRefund } from "./start-quote-refund";

/** Rails whose unsettled payouts the bank partner can still stop (BEHAVIORS.md §3.6). */
const CANCELLABLE_RAILS = new Set(["ACH", "ACH_SAME_DAY", "WIRE"]);

/**
 * POST /transactions/{transactionId}/cancel (BEHAVIORS.md §3.2, §3.6): an OUTGOING payment still
 * PROCESSING and not settled on ACH, ACH_SAME_DAY or WIRE is stopped: a USER_CANCELLATION refund
 * starts (REFUND_PENDING, then REFUND_COMPLETED with the amount back 2 s later, after which the
 * payment reads COMPLETED as for suffix 006, 10.6) and its pending delivery does nothing.
 * Throws: TRANSACTION_NOT_FOUND; INVALID_INPUT (incoming, or another rail); TRANSACTION_NOT_CANCELLABLE.
 */
export async function cancelTransaction(db: Db, input: { platformId: string; transactionId: string; reason?: string }): Promise<Transaction> {
  const { platformId } = input;
  const id = parseId("Transaction", input.transactionId);
  if (!id) throw new ServiceError("TRANSACTION_NOT_FOUND", `Transaction ${input.transactionId} not found`);
  return db.$transaction(async (tx) => {
    const row = await lockTransaction(tx, { platformId, transactionId: id });
    if (row.type !== "OUTGOING" || row.paymentRail === null || !CANCELLABLE_RAILS.has(row.paymentRail))
      throw invalidInput(
        [{ field: "transactionId", message: "is not an outgoing ACH, ACH_SAME_DAY or WIRE payment", constraint: { type: "OUTGOING", paymentRail: [...CANCELLABLE_RAILS] } }],
        `Only outgoing ACH, ACH_SAME_DAY and WIRE payments can be cancelled; ${input.transactionId} is ${row.type}${row.paymentRail ? ` over ${row.paymentRail}` : " without an external rail"}`,
      );
    if (row.status !== "PROCESSING" || row.settledAt !== null || row.refund !== null)
      throw new ServiceError(
        "TRANSACTION_NOT_CANCELLABLE",
        `Transaction ${input.transactionId} is ${row.status}${row.refund !== null ? " with a refund under way" : ""}: only a payment still PROCESSING and not settled can be cancelled`,
        { details: { transactionId: input.transactionId, status: row.status } },
      );
    const cancelled = await startQuoteRefund(tx, row, { reason: "USER_CANCELLATION", then: "COMPLETE", note: `Cancelled${input.reason ? `: ${input.reason}` : ""}` });
    return serializeTransaction(cancelled);
  }, TRANSFER_TX_OPTIONS);
}
