import { sandboxSuffix } from "../external-accounts/primary-identifier";
import type { ExternalAccountRow } from "../external-accounts/serialize-external-account";
import type { CounterpartyBehavior } from "../uma/sandbox-counterparties";

/** What happens to an executed quote in the sandbox (BEHAVIORS.md §4.3, §4.6, 10.4–10.6, 10.32). */
export type QuoteOutcome =
  /** Delivered at once: COMPLETED with settledAt. */
  | { kind: "COMPLETE" }
  /** Stays PROCESSING, completes `afterSeconds` later (003: about 6 minutes; UMA pending.long: hours). */
  | { kind: "COMPLETE_LATER"; afterSeconds: number }
  /** FAILED with the reason, then the refund pair; 007: the refund fails and nothing is re-credited. */
  | { kind: "FAIL"; failureReason: "QUOTE_EXECUTION_FAILED" | "ACCOUNT_CANNOT_RECEIVE" | "COMPLIANCE_REJECTED"; isRefundFailing?: boolean }
  /** 005: COMPLETED, then returned about a minute later: FAILED PAYOUT_RETURNED and the refund pair. */
  | { kind: "COMPLETE_THEN_RETURN"; afterSeconds: number }
  /** 006: the user cancels: REFUND_PENDING, REFUND_COMPLETED (USER_CANCELLATION), then COMPLETED. */
  | { kind: "USER_CANCELLATION" };

/** 003's delay (SPEC.md "completes after about 6 minutes"). */
export const DELAYED_COMPLETION_SECONDS = 360;
/** How long after completing a 005 payout comes back. */
export const PAYOUT_RETURN_SECONDS = 60;
/** `$pending.long.usd@…` stays PROCESSING this long. */
export const PENDING_LONG_SECONDS = 6 * 3600;

const TWINS: Readonly<Record<string, string>> = { "112": "002", "113": "003", "114": "004", "115": "005", "116": "006", "117": "007", "118": "008" };

/** The outcome for an external-account destination, by the last three characters of its identifier (twins 112–118). */
export function externalAccountOutcome(external: Pick<ExternalAccountRow, "accountType" | "accountInfo">): QuoteOutcome {
  const suffix = sandboxSuffix(external.accountType, external.accountInfo as Record<string, unknown>);
  switch (TWINS[suffix] ?? suffix) {
    case "002":
      return { kind: "FAIL", failureReason: "QUOTE_EXECUTION_FAILED" };
    case "003":
      return { kind: "COMPLETE_LATER", afterSeconds: DELAYED_COMPLETION_SECONDS };
    case "004":
      return { kind: "FAIL", failureReason: "ACCOUNT_CANNOT_RECEIVE" };
    case "005":
      return { kind: "COMPLETE_THEN_RETURN", afterSeconds: PAYOUT_RETURN_SECONDS };
    case "006":
      return { kind: "USER_CANCELLATION" };
    case "007":
      return { kind: "FAIL", failureReason: "QUOTE_EXECUTION_FAILED", isRefundFailing: true };
    case "008":
      return { kind: "FAIL", failureReason: "COMPLIANCE_REJECTED" };
    default:
      return { kind: "COMPLETE" };
  }
}

/** The outcome for a UMA destination (BEHAVIORS.md §4.6). */
export function umaOutcome(behavior: CounterpartyBehavior): QuoteOutcome {
  if (behavior === "PENDING_LONG") return { kind: "COMPLETE_LATER", afterSeconds: PENDING_LONG_SECONDS };
  if (behavior === "FAIL_COMPLIANCE") return { kind: "FAIL", failureReason: "COMPLIANCE_REJECTED" };
  return { kind: "COMPLETE" };
}
