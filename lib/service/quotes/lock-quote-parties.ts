import type { InternalAccountStatus } from "@/lib/generated/prisma/client";
import { lockLiveParties } from "../transfers/lock-live-parties";
import type { SqlTx } from "../db";
import { isServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { canMoveMoney } from "../internal-accounts/account-can-move-money";
import type { QuoteRow } from "./serialize-quote";

/**
 * Before a quote's money moves (execute, the run after its last SCA step): locks and checks what it
 * names, as lockLiveParties — its customer and the owner of an internal source or destination
 * (CUSTOMER_DELETED), and its destination external account (NOT_FOUND once deleted: a quote made
 * before the delete no longer runs, as a new quote to that account is refused). A delete racing
 * the run waits for it, or wins and the run is refused.
 */
export async function lockQuoteParties(tx: SqlTx, quote: QuoteRow): Promise<void> {
  await lockLiveParties(tx, quote.platformId, {
    customerIds: [quote.customerId],
    internalAccountIds: [quote.sourceAccountKind === "INTERNAL" ? quote.sourceAccountId : null, quote.destinationAccountKind === "INTERNAL" ? quote.destinationAccountId : null],
    externalAccountId: quote.destinationAccountKind === "EXTERNAL" ? quote.destinationAccountId : null,
  });
}

/** Why realtime funds that arrived for a quote cannot pay out: the transaction's failureReason, and why. */
export interface ArrivedFundsFailure {
  failureReason: "ACCOUNT_INVALID" | "ACCOUNT_CANNOT_RECEIVE" | "QUOTE_EXECUTION_FAILED";
  message: string;
}

/**
 * lockQuoteParties for realtime funds that have arrived (POST /sandbox/send): the money is here, so
 * a party deleted since the quote was made, or a destination internal account that can no longer
 * receive, cannot refuse it as it refuses an execute. Answers why the payout cannot go instead
 * (null while it can), for the caller to fail the payment and send the funds back in the same
 * transaction; the locks are the ones the payout takes, so a racing delete, freeze or close runs
 * wholly before or after the arrival. The reason (BEHAVIORS.md §3.5): the destination external
 * account deleted → ACCOUNT_INVALID ("closed"); the customer who owns the destination deleted →
 * ACCOUNT_CANNOT_RECEIVE (as an incoming payment to a deleted customer ends); only the paying
 * customer deleted (a payout to someone else's account or a UMA address) → QUOTE_EXECUTION_FAILED;
 * the destination internal account CLOSED → ACCOUNT_INVALID ("closed"), FROZEN or PENDING →
 * ACCOUNT_CANNOT_RECEIVE ("frozen").
 */
export async function lockQuotePartiesForArrivedFunds(tx: SqlTx, quote: QuoteRow): Promise<ArrivedFundsFailure | null> {
  try {
    await lockQuoteParties(tx, quote);
  } catch (e) {
    if (!isServiceError(e) || (e.code !== "NOT_FOUND" && e.code !== "CUSTOMER_DELETED")) throw e;
    if (e.code === "NOT_FOUND") return { failureReason: "ACCOUNT_INVALID", message: e.message };
    // The parties' rows are share-locked now: is the destination's owner one of the deleted?
    const internalId = quote.destinationAccountKind === "INTERNAL" ? quote.destinationAccountId : null;
    const externalId = quote.destinationAccountKind === "EXTERNAL" ? quote.destinationAccountId : null;
    const [owner] = await tx.$queryRaw<{ deletedAt: Date | null }[]>`
      SELECT "deletedAt" FROM "Customer" WHERE "platformId" = ${quote.platformId}::uuid AND "id" IN (
        SELECT "customerId" FROM "InternalAccount" WHERE "id" = ${internalId}::uuid
        UNION ALL SELECT "customerId" FROM "ExternalAccount" WHERE "id" = ${externalId}::uuid)`;
    return { failureReason: owner?.deletedAt ? "ACCOUNT_CANNOT_RECEIVE" : "QUOTE_EXECUTION_FAILED", message: e.message };
  }
  if (quote.destinationAccountKind !== "INTERNAL") return null;
  // Share-locked until commit as the settlement's own lock would: a freeze or close waits for the arrival.
  const [destination] = await tx.$queryRaw<{ status: InternalAccountStatus }[]>`
    SELECT "status"::text AS "status" FROM "InternalAccount" WHERE "id" = ${quote.destinationAccountId}::uuid AND "platformId" = ${quote.platformId}::uuid FOR SHARE`;
  if (!destination || canMoveMoney(destination.status)) return null;
  const accountId = formatId("InternalAccount", quote.destinationAccountId!);
  const message = destination.status === "CLOSED" ? `Destination internal account ${accountId} is CLOSED` : `Destination internal account ${accountId} is ${destination.status} and cannot receive funds`;
  return { failureReason: destination.status === "CLOSED" ? "ACCOUNT_INVALID" : "ACCOUNT_CANNOT_RECEIVE", message };
}
