import type { Db } from "../db";
import { BULK_CUSTOMER_IMPORT_JOB, runBulkCustomerImport } from "../customers/run-bulk-customer-import";
import { COMPLETE_TRANSFER_REFUND_JOB, runCompleteTransferRefund } from "../transfers/complete-transfer-refund";
import { FAIL_PENDING_TRANSFER_JOB, runFailPendingTransfer } from "../transfers/fail-pending-transfer";
import { EXPIRE_QUOTE_JOB, runExpireQuote } from "../quotes/expire-quote";
import { EXPIRE_QUOTE_SCA_JOB, runExpireQuoteSca } from "../quotes/quote-authorization";
import { COMPLETE_QUOTE_JOB, runCompleteQuoteLater } from "../quotes/complete-quote-later";
import { FAIL_PENDING_PULL_JOB, runFailPendingPull } from "../quotes/fail-pending-pull";
import { runCompleteQuoteRefund } from "../quotes/complete-quote-refund";
import { RETURN_QUOTE_PAYOUT_JOB, runReturnQuotePayout } from "../quotes/return-quote-payout";
import { COMPLETE_QUOTE_REFUND_JOB } from "../quotes/start-quote-refund";
import { EXPIRE_APPROVAL_JOB, runExpireApproval } from "../incoming-payments/expire-approval";
import { COMPLETE_INCOMING_REFUND_JOB, runCompleteIncomingRefund } from "../incoming-payments/complete-incoming-refund";
import { SETTLE_DEPOSIT_PAYOUT_JOB, runSettleDepositPayout } from "../incoming-payments/settle-deposit-payout";

import { COMPLETE_BUSINESS_REVIEW_JOB } from "../verifications/submit-verification";
import { runCompleteBusinessReview } from "../verifications/complete-business-review";
import { STABLECOIN_OPERATION_STEP_JOB } from "../stablecoins/operation-status";
import { runOperationStepJob } from "../stablecoins/run-operation-step";
import { ACTIVATE_CARD_JOB, runActivateCard } from "../cards/issue-card";
import { EXPIRE_CARD_AUTHORIZATION_JOB, runExpireLapsedAuthorization } from "../cards/expire-lapsed-authorization";
import { CLOSE_DELETED_CUSTOMER_CARDS_JOB, runCloseDeletedCustomerCards } from "../cards/close-deleted-customer-cards";

export interface JobContext {
  db: Db;
  platformId: string;
  payload: unknown;
}

/** Every kind of scheduled work. An area that needs timed behaviour adds its handler here (webhook deliveries are not jobs: deliver-event.ts). */
export const JOB_HANDLERS: Readonly<Record<string, (ctx: JobContext) => Promise<void>>> = {
  [BULK_CUSTOMER_IMPORT_JOB]: runBulkCustomerImport,
  [FAIL_PENDING_TRANSFER_JOB]: runFailPendingTransfer,
  [COMPLETE_TRANSFER_REFUND_JOB]: runCompleteTransferRefund,
  [EXPIRE_QUOTE_JOB]: runExpireQuote,
  [EXPIRE_QUOTE_SCA_JOB]: runExpireQuoteSca,
  [COMPLETE_QUOTE_JOB]: runCompleteQuoteLater,
  [FAIL_PENDING_PULL_JOB]: runFailPendingPull,
  [RETURN_QUOTE_PAYOUT_JOB]: runReturnQuotePayout,
  [COMPLETE_QUOTE_REFUND_JOB]: runCompleteQuoteRefund,
  [EXPIRE_APPROVAL_JOB]: runExpireApproval,
  [COMPLETE_INCOMING_REFUND_JOB]: runCompleteIncomingRefund,
  [SETTLE_DEPOSIT_PAYOUT_JOB]: runSettleDepositPayout,
  [COMPLETE_BUSINESS_REVIEW_JOB]: runCompleteBusinessReview,
  [STABLECOIN_OPERATION_STEP_JOB]: runOperationStepJob,
  [ACTIVATE_CARD_JOB]: runActivateCard,
  [EXPIRE_CARD_AUTHORIZATION_JOB]: runExpireLapsedAuthorization,
  [CLOSE_DELETED_CUSTOMER_CARDS_JOB]: runCloseDeletedCustomerCards,
};
