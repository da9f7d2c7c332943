import { describe, expect, it } from "vitest";
import { describeClosedQuote, quoteState } from "./quote-state";

const NOW = Date.parse("2026-01-01T12:00:00Z");
const LATER = "2026-01-01T12:05:00.000Z";
const EARLIER = "2026-01-01T11:55:00.000Z";

describe("quoteState", () => {
  it.each([
    ["PENDING", LATER, "WAITING"],
    ["PENDING", EARLIER, "EXPIRED"], // the expiry job has not run yet
    ["EXPIRED", LATER, "EXPIRED"], // the sandbox clock ran ahead of the wall clock
    ["PROCESSING", LATER, "APPROVED"],
    ["COMPLETED", EARLIER, "APPROVED"],
    ["FAILED", EARLIER, "APPROVED"],
    ["PENDING_AUTHORIZATION", LATER, "APPROVED"],
  ])("%s, expiring %s → %s", (status, expiresAt, state) => {
    expect(quoteState({ status, expiresAt }, NOW)).toBe(state);
  });
});

describe("describeClosedQuote", () => {
  it("asks nothing of a waiting quote", () => {
    expect(describeClosedQuote({ status: "PENDING", expiresAt: LATER }, NOW, "Acme")).toBeNull();
  });
  it("says an approved quote was approved, with its status in words", () => {
    expect(describeClosedQuote({ status: "COMPLETED", expiresAt: EARLIER }, NOW, "Acme")).toBe("This payment was already approved. Status: completed, the money was sent.");
  });
  it("sends the end user to the platform for a new request, never to create a quote", () => {
    expect(describeClosedQuote({ status: "EXPIRED", expiresAt: EARLIER }, NOW, "Acme Pay")).toBe("This payment request expired, so nothing was sent. Ask Acme Pay to send a new one.");
    expect(describeClosedQuote({ status: "PENDING", expiresAt: EARLIER }, NOW, null)).toBe("This payment request expired, so nothing was sent. Ask whoever sent you this link to send a new one.");
  });
});
