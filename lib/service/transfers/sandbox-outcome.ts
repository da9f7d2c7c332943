/**
 * What a sandbox transfer does, chosen by the last three characters of the external account's
 * primary identifier (SPEC.md "Sandbox behaviours", BEHAVIORS.md §4.1, §4.2, 10.4, 10.5). Twins
 * 112–118 behave like 002–008.
 */
export type TransferOutcome =
  /** 002: fails at once, nothing moves; QUOTE_EXECUTION_FAILED (10.5). */
  | { kind: "FAIL_AT_ONCE"; failureReason: "QUOTE_EXECUTION_FAILED" | "ACCOUNT_INVALID" }
  /** 004 bank rejects (ACCOUNT_CANNOT_RECEIVE), 008 compliance (COMPLIANCE_REJECTED): fails after PROCESSING. */
  | { kind: "FAIL_AFTER_PROCESSING"; failureReason: "ACCOUNT_CANNOT_RECEIVE" | "COMPLIANCE_REJECTED" }
  /** 005: stays PENDING about 30 s, then fails. */
  | { kind: "PENDING_THEN_FAIL" }
  | { kind: "SUCCESS" };

/** How long a 005 transfer stays PENDING before it fails. */
export const PENDING_TRANSFER_SECONDS = 30;

const TWINS: Readonly<Record<string, string>> = { "112": "002", "113": "003", "114": "004", "115": "005", "116": "006", "117": "007", "118": "008" };

export function transferOutcome(suffix: string): TransferOutcome {
  switch (TWINS[suffix] ?? suffix) {
    case "002":
      return { kind: "FAIL_AT_ONCE", failureReason: "QUOTE_EXECUTION_FAILED" };
    case "003":
      return { kind: "FAIL_AT_ONCE", failureReason: "ACCOUNT_INVALID" };
    case "004":
      return { kind: "FAIL_AFTER_PROCESSING", failureReason: "ACCOUNT_CANNOT_RECEIVE" };
    case "005":
      return { kind: "PENDING_THEN_FAIL" };
    case "008":
      return { kind: "FAIL_AFTER_PROCESSING", failureReason: "COMPLIANCE_REJECTED" };
    default:
      return { kind: "SUCCESS" };
  }
}
