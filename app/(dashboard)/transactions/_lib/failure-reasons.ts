import type { components } from "@/lib/client/generated/schema";

type FailureReason = components["schemas"]["OutgoingTransactionFailureReason"] | components["schemas"]["IncomingTransactionFailureReason"];
type Refund = components["schemas"]["Refund"];

/** What a failure code means for the person reading it, and what they can do about it. */
export interface FailureExplanation {
  /** What happened, and whether money moved. */
  summary: string;
  /** The next step for support or the platform. */
  nextStep: string;
}

/**
 * Every failureReason the API can return (SPEC.md Transaction `failureReason`; BEHAVIORS.md §3.5,
 * §4.2–4.3). A Record so a code added to the API's enums fails the typecheck until it is explained.
 */
export const FAILURE_REASONS: Record<FailureReason, FailureExplanation> = {
  QUOTE_EXPIRED: {
    summary: "The quote expired before it was executed or funded, so the payment never ran.",
    nextStep: "Create a new quote at the current rate and execute it before it expires.",
  },
  QUOTE_RATE_UNAVAILABLE: {
    summary: "No exchange rate was available for this currency pair when the payment ran.",
    nextStep: "Try again later with a new quote; if it keeps failing, check that this currency corridor is supported.",
  },
  QUOTE_EXECUTION_FAILED: {
    summary: "The payment failed between execution and settlement (the payout or the pull from the bank did not go through). Anything debited is refunded automatically.",
    nextStep: "Once the refund (below) has completed, retry with a new quote; if it fails again, check the source and destination accounts.",
  },
  FUNDING_AMOUNT_MISMATCH: {
    summary: "The funds received for this real-time-funded payment did not match the quoted total, so it did not run; the money received goes back.",
    nextStep: "Ask the payer to send exactly the quoted total, quoting the reference, on a new quote.",
  },
  SCA_NOT_COMPLETED: {
    summary: "The customer did not complete strong customer authentication before the challenge expired. No money moved.",
    nextStep: "Create a new quote and ask the customer to complete the authentication challenge in time.",
  },
  PAYOUT_RETURNED: {
    summary: "The payout reached the receiving bank and was then returned (for example, the account is closed). The amount is refunded to the source.",
    nextStep: "Confirm the beneficiary's bank details with the customer, correct or replace the external account, then send again.",
  },
  LIMIT_EXCEEDED: {
    summary: "The payment was over a limit (per payment, per period, or the customer's), so it was refused.",
    nextStep: "Send a smaller amount or split the payment, or wait until the limit resets.",
  },
  ACCOUNT_CANNOT_RECEIVE: {
    summary: "The receiving account exists but cannot accept this payment: it is dormant, frozen, or does not take this currency. Anything debited is refunded.",
    nextStep: "Ask the recipient to check the account with their bank, or pay another account in this currency.",
  },
  ACCOUNT_INVALID: {
    summary: "The receiving account was not found, its details are wrong, or it is closed.",
    nextStep: "Check the account number, routing code or IBAN with the customer, fix or replace the external account, then send again.",
  },
  COMPLIANCE_REJECTED: {
    summary: "Compliance screening refused this payment.",
    nextStep: "Do not retry as is: review the customer and the counterparty, and escalate to compliance if the refusal looks wrong.",
  },
  LIGHTNING_PAYMENT_FAILED: {
    summary: "Legacy code: a Lightning payment could not be delivered.",
    nextStep: "Retry with a new quote. New payments no longer report this code.",
  },
  COUNTERPARTY_POST_TX_FAILED: {
    summary: "Legacy code: the counterparty's system failed after the transaction.",
    nextStep: "Confirm with the counterparty whether the funds arrived before retrying. New payments no longer report this code.",
  },
  LNURLP_FAILED: {
    summary: "The sender's lookup of the receiving UMA address failed, so the payment never started. Nothing was credited.",
    nextStep: "Check that the customer's UMA address is correct and active; the sender can then try again.",
  },
  PAY_REQUEST_FAILED: {
    summary: "The sender's pay request for this UMA payment failed. Nothing was credited.",
    nextStep: "The sender can try again; if it keeps failing, check the receiving UMA address and its currency.",
  },
  PAYMENT_APPROVAL_WEBHOOK_ERROR: {
    summary: "Your approval webhook could not be reached or did not answer in time (no endpoint, an error, or over 30 s), so the payment was declined. Nothing was credited.",
    nextStep: "Check the webhook endpoint in Settings and its deliveries under Webhooks; the sender must send the payment again.",
  },
  PAYMENT_APPROVAL_TIMED_OUT: {
    summary: "Your platform answered the approval request with 202 but neither approved nor rejected within 5 seconds, so the payment was declined. Nothing was credited.",
    nextStep: "Decide within 5 seconds of a 202 (Approve or Reject here, or through the API), or answer the webhook with 200 directly. The sender must send again.",
  },
  OFFRAMP_FAILED: {
    summary: "The received funds could not be converted or paid into the customer's deposit account; they are refunded to the sender.",
    nextStep: "Check that the customer's default deposit account is active and takes this currency; the sender can then send again.",
  },
  MISSING_MANDATORY_PAYEE_DATA: {
    summary: "The approval lacked receiver information the sender requires (or your webhook answered 422), so the payment failed. Nothing was credited.",
    nextStep: "Complete the customer's profile, and answer the approval webhook with every mandatory receiverCustomerInfo field.",
  },
  COLLECTION_FAILED: {
    summary: "The inbound SWIFT collection failed and the funds were returned to the sender.",
    nextStep: "Ask the sender to check the payment details with their bank and send again.",
  },
};

/** The explanation of a failure code, or undefined for a code this dashboard does not know yet (shown bare). */
export function explainFailureReason(code: string): FailureExplanation | undefined {
  return Object.hasOwn(FAILURE_REASONS, code) ? FAILURE_REASONS[code as FailureReason] : undefined;
}

const REFUND_CAUSES: Record<NonNullable<Refund["reason"]>, string> = {
  TRANSACTION_FAILED: "after the payment failed",
  USER_CANCELLATION: "after the payment was cancelled",
  TIMEOUT: "after the payment timed out",
};

/**
 * What a refund's state means (BEHAVIORS.md §3.4). Only a FAILED refund needs someone to act: the
 * money is not back with the source and the sandbox, like production, leaves it to manual resolution.
 */
export function explainRefund(refund: Pick<Refund, "status" | "reason">): FailureExplanation & { needsAction: boolean } {
  const cause = refund.reason ? ` ${REFUND_CAUSES[refund.reason]}` : "";
  if (refund.status === "FAILED") {
    return {
      summary: `The refund${cause} did not go through: the money has not been returned to the source, and it will not be retried automatically.`,
      nextStep: "Escalate to payments operations with the refund reference, and check the source account's balance history before sending the payment again.",
      needsAction: true,
    };
  }
  if (refund.status === "PENDING") return { summary: `A refund${cause} is on its way back to the source.`, nextStep: "Nothing to do: the refund completes on its own.", needsAction: false };
  return { summary: `The amount was refunded to the source${cause}.`, nextStep: "Nothing to do.", needsAction: false };
}
