import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import type { RailDetails } from "../transactions/schemas";
import type { TransactionRow } from "../transactions/serialize-transaction";

/**
 * The source railDetails of an incoming ACH deposit (a pull from a US bank account: transfer-in),
 * or null when the transaction is something else.
 */
export function achDepositRailDetails(row: TransactionRow): RailDetails | null {
  const rail = row.sourceRailDetails as RailDetails | null;
  if (row.type !== "INCOMING" || rail === null || (rail.paymentRail !== "ACH" && rail.paymentRail !== "ACH_SAME_DAY")) return null;
  if (row.receivedAmount === null || row.destinationAccountId === null) return null;
  return rail;
}

/** Throws: INVALID_STATE_TRANSITION explaining what the sandbox control needs. */
export function notApplicable(row: TransactionRow, what: string): ServiceError {
  return new ServiceError("INVALID_STATE_TRANSITION", `Transaction ${formatId("Transaction", row.id)} ${what}`, {
    details: { transactionId: formatId("Transaction", row.id), status: row.status, railStatus: (row.sourceRailDetails as RailDetails | null)?.status ?? null },
  });
}
