import type { Hold } from "@/lib/generated/prisma/client";
import { ServiceError } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { applyPosting, type AccountBalance, type LedgerEntryInput } from "./apply-posting";
import type { SqlLedgerTx } from "./ledger-tx";
import { lockHold } from "./lock-hold";

export interface CaptureHoldInput {
  platformId: string;
  holdId: string;
  /** What moved the money, e.g. CARD_CAPTURE, PAYOUT_SENT. */
  kind: string;
  description?: string;
  effectiveAt?: Date;
  /** Defaults to the hold's transactionId. */
  transactionId?: string;
  /** The movement itself; it may differ from the held amount (a capture below the authorization). */
  entries: LedgerEntryInput[];
}

export interface CaptureHoldResult {
  hold: Hold;
  ledgerTransactionId: string;
  /** True when the hold had already been captured: nothing was posted this time. */
  isReplay: boolean;
  /** Touched accounts' balances after the capture; empty on a replay. */
  balances: AccountBalance[];
}

/**
 * Ends a hold by moving the money: the whole reservation is released and the entries are posted
 * under the same account locks, so the debit may use the money it had reserved. Capturing twice
 * posts once and answers the first capture again. DESIGN.md "Ledger".
 * Throws: NOT_FOUND; INVALID_STATE_TRANSITION when the hold was released; INSUFFICIENT_BALANCE;
 * LedgerInvariantError for a malformed posting.
 */
export async function captureHold(tx: SqlLedgerTx, input: CaptureHoldInput): Promise<CaptureHoldResult> {
  const { hold } = await lockHold(tx, input.platformId, input.holdId);
  if (hold.status === "CAPTURED") return { hold, ledgerTransactionId: hold.ledgerTransactionId!, isReplay: true, balances: [] };
  if (hold.status === "RELEASED") throw new ServiceError("INVALID_STATE_TRANSITION", `Hold ${hold.id} was released and can no longer be captured`);

  const at = await now(tx, input.platformId);
  const ledgerTransactionId = uuidv7(at.getTime());
  const posted = await applyPosting(
    tx,
    {
      platformId: input.platformId,
      kind: input.kind,
      description: input.description,
      effectiveAt: input.effectiveAt,
      transactionId: input.transactionId ?? hold.transactionId ?? undefined,
      entries: input.entries,
    },
    { id: ledgerTransactionId, capture: { holdId: hold.id, ledgerAccountId: hold.ledgerAccountId, amount: hold.amount, at } },
  );
  // applyPosting marked the hold CAPTURED in its write; this is the row as it now stands.
  const captured: Hold = { ...hold, status: "CAPTURED", capturedAt: at, ledgerTransactionId };
  return { hold: captured, ledgerTransactionId, isReplay: false, balances: posted.balances };
}
