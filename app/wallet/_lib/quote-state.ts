/**
 * Where a payment request stands for the end user: WAITING for their signature (PENDING, before
 * expiresAt), EXPIRED, or APPROVED (it ran: PENDING_AUTHORIZATION, PROCESSING, COMPLETED, FAILED).
 */
export type QuoteState = "WAITING" | "EXPIRED" | "APPROVED";

/**
 * `now` is the platform's time, or the wall clock: the platform's clock never runs behind it (a
 * sandbox clock only moves ahead), so a quote past expiresAt by the wall clock is past it on the
 * platform too; one the platform expired first reads EXPIRED (an advance of the sandbox clock runs
 * quote expiries).
 */
export function quoteState(quote: { status: string; expiresAt: string }, now: number): QuoteState {
  if (quote.status === "EXPIRED") return "EXPIRED";
  if (quote.status === "PENDING") return Date.parse(quote.expiresAt) <= now ? "EXPIRED" : "WAITING";
  return "APPROVED";
}

const STATUS_WORDS: Record<string, string> = {
  PENDING_AUTHORIZATION: "waiting for an extra check before it is sent",
  PROCESSING: "on its way",
  COMPLETED: "completed, the money was sent",
  FAILED: "failed, it did not go through",
};

/** "completed, the money was sent": the quote's status in the end user's words. */
export function describeQuoteStatus(status: string): string {
  return STATUS_WORDS[status] ?? status.toLowerCase().replaceAll("_", " ");
}

/** The end user's sentence for a request that expired; who to ask is the platform's app name, else the sender of the link. */
export function expiredSentence(appName: string | null): string {
  return `This payment request expired, so nothing was sent. Ask ${appName ?? "whoever sent you this link"} to send a new one.`;
}

/** The end user's sentence for a request that already ran, with its status in their words. */
export function approvedSentence(status: string): string {
  return `This payment was already approved. Status: ${describeQuoteStatus(status)}.`;
}

/** The end user's sentence for a request that cannot be approved any more; null while it waits. */
export function describeClosedQuote(quote: { status: string; expiresAt: string }, now: number, appName: string | null): string | null {
  switch (quoteState(quote, now)) {
    case "WAITING":
      return null;
    case "EXPIRED":
      return expiredSentence(appName);
    case "APPROVED":
      return approvedSentence(quote.status);
  }
}
