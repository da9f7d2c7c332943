import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, RETRY_LIMIT_TEXT, RETRY_SPAN_MS, RETRY_WINDOW_MS, outcomeOf, retryDelayMs } from "./retry-policy";

describe("webhook retry policy", () => {
  it.each([
    [200, "DELIVERED"], [204, "DELIVERED"], [409, "DELIVERED"],
    [500, "RETRY"], [503, "RETRY"], [408, "RETRY"], [429, "RETRY"], [null, "RETRY"],
    // BEHAVIORS.md §7.2: other 4xx are retried too (a receiver answering 401 to a signature it could not check must get the event later).
    [400, "RETRY"], [401, "RETRY"], [404, "RETRY"], [302, "RETRY"],
  ])("status %s → %s", (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });

  it("backs off exponentially from 10 s, capped at 30 minutes, within ±10%", () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(20_000);
    expect(retryDelayMs(5, () => 0.5)).toBe(160_000);
    expect(retryDelayMs(9, () => 0.5)).toBe(1_800_000);
    expect(retryDelayMs(150, () => 0.5)).toBe(1_800_000);
    expect(retryDelayMs(1, () => 0)).toBe(9_000);
    expect(retryDelayMs(1, () => 1)).toBe(11_000);
  });

  it("gives up at 160 attempts or 7 days, whichever comes first: with this schedule the 160th attempt comes about 3.2 days after the first", () => {
    const day = 86_400_000;
    let at = 0;
    for (let n = 1; n < MAX_ATTEMPTS; n++) at += retryDelayMs(n, () => 0.5);
    expect(at).toBeLessThan(RETRY_WINDOW_MS); // the attempts run out first
    expect(RETRY_SPAN_MS).toBe(at);
    expect(at / day).toBeGreaterThan(3.1);
    expect(at / day).toBeLessThan(3.3);
    expect(RETRY_LIMIT_TEXT).toBe("160 attempts or 7 days, whichever comes first (about 3.2 days after the first attempt with this schedule)");
  });
});
