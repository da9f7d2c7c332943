import type { Hold } from "@/lib/generated/prisma/client";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { insufficientBalance } from "./insufficient-balance";
import { LedgerInvariantError } from "./ledger-invariant-error";
import { inTransaction, notInTransaction, type SqlLedgerTx } from "./ledger-tx";
import { HOLD_COLUMNS } from "./lock-hold";
import { lockLedgerAccounts } from "./lock-ledger-accounts";

export interface PlaceHoldInput {
  platformId: string;
  ledgerAccountId: string;
  /** Positive, in the account currency's smallest unit. */
  amount: bigint;
  /** Caller's reference, e.g. a card authorization id. */
  reference?: string;
  /** The payment Transaction (bare uuid) the hold belongs to. */
  transactionId?: string;
}

/**
 * Reserves money on an account (card authorization, pending payout) so that it no longer counts
 * as available, without moving it. DESIGN.md "Ledger", BEHAVIORS.md §1.3 (`balance` excludes
 * held funds). Throws: INSUFFICIENT_BALANCE; LedgerInvariantError for a non-positive amount or an
 * account of another platform.
 */
export async function placeHold(tx: SqlLedgerTx, input: PlaceHoldInput): Promise<Hold> {
  if (typeof input.amount !== "bigint" || input.amount <= 0n) throw new LedgerInvariantError(`A hold amount must be a positive bigint, got ${String(input.amount)}`);
  const { accounts, xid } = await lockLedgerAccounts(tx, input.platformId, [input.ledgerAccountId]);
  const account = accounts.get(input.ledgerAccountId)!;
  const available = account.postedBalance - account.heldAmount;
  if (!account.allowNegative && available < input.amount) throw insufficientBalance(account, available, input.amount);

  const at = await now(tx, input.platformId);
  const rows = await tx.$queryRaw<Hold[]>`
    WITH guard AS (${inTransaction(xid)}),
    held AS (
      UPDATE "LedgerAccount" SET "heldAmount" = "heldAmount" + ${input.amount.toString()}::bigint, "updatedAt" = ${at}::timestamptz
      FROM guard WHERE "id" = ${account.id}::uuid
    )
    INSERT INTO "Hold" ("id", "platformId", "ledgerAccountId", "currency", "amount", "reference", "transactionId", "createdAt")
    SELECT ${uuidv7(at.getTime())}::uuid, ${input.platformId}::uuid, ${account.id}::uuid, ${account.currency}, ${input.amount.toString()}::bigint,
      ${input.reference ?? null}::text, ${input.transactionId ?? null}::uuid, ${at}::timestamptz
    FROM guard
    RETURNING ${HOLD_COLUMNS}`;
  const hold = rows[0];
  if (!hold) throw notInTransaction();
  return { ...hold, amount: BigInt(hold.amount) };
}
