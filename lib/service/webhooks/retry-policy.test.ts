import { describe, expect, it } from "vitest";
import { outcomeOf, retryDelayMs } from "./retry-policy";

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
});
