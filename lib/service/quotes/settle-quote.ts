import { Prisma } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import { lockInternalAccountForPayment } from "../internal-accounts/lock-internal-account-for-payment";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import type { LedgerEntryInput, LedgerPostingInput } from "../ledger/apply-posting";
import type { SqlLedgerTx } from "../ledger/ledger-tx";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { now } from "../sandbox/clock";
import { withRailStatus } from "../transactions/rail-details";
import { recordTransactionStatus } from "../transactions/record-transaction-status";
import type { TransactionRow } from "../transactions/serialize-transaction";
import { enqueueBalanceUpdated } from "../transfers/enqueue-balance-updated";
import { mergeLedgerEntries } from "./merge-ledger-entries";
import type { QuoteRow } from "./serialize-quote";
import { quoteStatusChange } from "./set-quote-status";

/** Ledger kinds of quote money movements. */
export const QUOTE_DEBIT = "QUOTE_DEBIT";
export const QUOTE_SETTLEMENT = "QUOTE_SETTLEMENT";
export const QUOTE_REFUND = "QUOTE_REFUND";

/** The settlement's entries (merged) and the internal accounts it credits, from planSettlement. */
export interface SettlementPlan {
  entries: LedgerEntryInput[];
  credited: string[];
}

/**
 * What settling the quote will post (BEHAVIORS.md §2.2–2.4): out of clearing in the sending
 * currency go the platform's fees (to the platform's internal account in that currency), the
 * service's fees, and the net amount, which crosses into the receiving currency through the
 * service's FX accounts and ends on the destination internal account, or in clearing for a payout
 * leaving on a rail or to a UMA counterparty. Runs before the source is debited when the quote
 * settles at once, so that the debit can lock these accounts too (PostingInput.alsoLock).
 * Throws: CONFLICT (a destination internal account that can no longer receive).
 */
export async function planSettlement(tx: SqlLedgerTx, quote: QuoteRow): Promise<SettlementPlan> {
  const { platformId } = quote;
  const S = quote.totalSendingAmount;
  const R = quote.totalReceivingAmount;
  const platformFees = quote.platformFeesIncluded;
  const serviceFees = quote.feesIncluded - platformFees;
  const send = await ensureSystemAccounts(tx, platformId, quote.sendingCurrency);
  const credited: string[] = [];
  const entries: LedgerEntryInput[] = [{ ledgerAccountId: send.clearing.id, amount: -S }];

  if (platformFees > 0n) {
    const [platformAccount] = await tx.$queryRaw<{ id: string; ledgerAccountId: string }[]>`
      SELECT a."id", l."id" AS "ledgerAccountId" FROM "InternalAccount" a
      JOIN "LedgerAccount" l ON l."platformId" = a."platformId" AND l."internalAccountId" = a."id"
      WHERE a."platformId" = ${platformId}::uuid AND a."customerId" IS NULL AND a."currency" = ${quote.sendingCurrency} LIMIT 1`;
    if (platformAccount) {
      entries.push({ ledgerAccountId: platformAccount.ledgerAccountId, amount: platformFees });
      credited.push(platformAccount.id);
    } else entries.push({ ledgerAccountId: send.fees.id, amount: platformFees }); // no platform account: kept by the service
  }
  if (serviceFees > 0n) entries.push({ ledgerAccountId: send.fees.id, amount: serviceFees });

  const receive = quote.sendingCurrency === quote.receivingCurrency ? send : await ensureSystemAccounts(tx, platformId, quote.receivingCurrency);
  let destinationLedgerId: string;
  if (quote.destinationAccountKind === "INTERNAL") {
    const { ledgerAccount } = await lockInternalAccountForPayment(tx, { platformId, accountId: quote.destinationAccountId!, direction: "RECEIVE", allowBare: true });
    destinationLedgerId = ledgerAccount.id;
    credited.push(quote.destinationAccountId!);
  } else destinationLedgerId = receive.clearing.id;

  const net = S - quote.feesIncluded;
  if (quote.sendingCurrency === quote.receivingCurrency) entries.push({ ledgerAccountId: destinationLedgerId, amount: net });
  else {
    entries.push({ ledgerAccountId: send.fx.id, amount: net }, { ledgerAccountId: receive.fx.id, amount: -R }, { ledgerAccountId: destinationLedgerId, amount: R });
  }
  return { entries: mergeLedgerEntries(entries), credited };
}

/**
 * Delivers an executed quote: posts its settlement (planSettlement; `plan` when the caller made it
 * already; not when the caller posted it with the source's debit, `isPosted`), then COMPLETED with settledAt (OUTGOING_PAYMENT.COMPLETED), the quote COMPLETED, and
 * BALANCE_UPDATED for each internal account credited. In the caller's transaction.
 * Throws: CONFLICT (a destination internal account that can no longer receive); LedgerInvariantError.
 */
export async function settleQuote(
  tx: SqlLedgerTx,
  quote: QuoteRow,
  row: TransactionRow,
  options: { alsoWrite?: () => Promise<Prisma.Sql>; plan?: SettlementPlan; /** the caller posted the plan with the source's debit (debitSource) */ isPosted?: boolean } = {},
): Promise<TransactionRow> {
  const { platformId } = quote;
  const plan = options.plan ?? (await planSettlement(tx, quote));
  if (!options.isPosted) await postSettlement(tx, quote, row.id, plan);

  const at = await now(tx, platformId);
  const completed = await recordTransactionStatus(tx, row, {
    status: "COMPLETED",
    settledAt: at,
    destinationRailDetails: withRailStatus(row.destinationRailDetails, "COMPLETED"),
    alsoWrite: async () => Prisma.join([quoteStatusChange(row, "COMPLETED", at), ...(options.alsoWrite ? [await options.alsoWrite()] : [])], ", "),
  });
  for (const id of plan.credited) await enqueueBalanceUpdated(tx, platformId, id);
  return completed.row;
}

/** Posts a quote's settlement (planSettlement's entries) on its transaction `transactionId`. */
export async function postSettlement(tx: SqlLedgerTx, quote: QuoteRow, transactionId: string, plan: SettlementPlan): Promise<void> {
  const posting = settlementPosting(quote, transactionId, plan);
  if (posting) await postLedgerTransaction(tx, posting);
}

/** The ledger posting of a quote's settlement, or null when it moves nothing. */
export function settlementPosting(quote: QuoteRow, transactionId: string, plan: SettlementPlan): LedgerPostingInput | null {
  if (plan.entries.length === 0) return null;
  return {
    platformId: quote.platformId,
    kind: QUOTE_SETTLEMENT,
    description: `Quote ${formatId("Quote", quote.id)}: ${quote.totalSendingAmount} ${quote.sendingCurrency} → ${quote.totalReceivingAmount} ${quote.receivingCurrency}`,
    transactionId,
    entries: plan.entries,
  };
}
