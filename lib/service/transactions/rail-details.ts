import type { RailDetails } from "./schemas";

/** The company entry description used when a request names none (SPEC.md: "the service default"). */
export const DEFAULT_STATEMENT_DESCRIPTOR = "SERVICE";

const ACH_RAILS: ReadonlySet<string> = new Set(["ACH", "ACH_SAME_DAY"]);

/**
 * railDetails of one side of a transaction (SPEC.md "railDetails"): only ACH sides carry them, with
 * the entry's own status and its statement descriptor; other rails give null.
 */
export function railDetailsFor(paymentRail: string | null, status: RailDetails["status"], statementDescriptor = DEFAULT_STATEMENT_DESCRIPTOR): RailDetails | null {
  if (paymentRail === null || !ACH_RAILS.has(paymentRail)) return null;
  return { paymentRail: paymentRail as RailDetails["paymentRail"], status, statementDescriptor };
}

/** The same railDetails with another status (null stays null). */
export function withRailStatus(railDetails: unknown, status: RailDetails["status"]): RailDetails | null {
  return railDetails === null || railDetails === undefined ? null : { ...(railDetails as RailDetails), status };
}

/**
 * When a payout is expected to settle (BEHAVIORS.md 10.16): the next business day for ACH, the same
 * business day for ACH_SAME_DAY (end of the UTC day), null for instant rails and rail-less payouts.
 * Business days are Monday to Friday, UTC; bank holidays are not modelled.
 */
export function expectedSettlementAt(paymentRail: string | null, at: Date): Date | null {
  if (paymentRail === "ACH") return nextBusinessDay(at);
  if (paymentRail === "ACH_SAME_DAY") {
    const day = isBusinessDay(at) ? at : nextBusinessDay(at);
    return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 23, 59, 59, 999));
  }
  return null;
}

function isBusinessDay(at: Date): boolean {
  const day = at.getUTCDay();
  return day !== 0 && day !== 6;
}

function nextBusinessDay(at: Date): Date {
  let next = new Date(at.getTime() + 24 * 3600 * 1000);
  while (!isBusinessDay(next)) next = new Date(next.getTime() + 24 * 3600 * 1000);
  return next;
}
