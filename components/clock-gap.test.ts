import { describe, expect, it } from "vitest";
import { clockGapHint, clockGapMs, roughDuration } from "./clock-gap";

const LOCAL_NOW = Date.parse("2026-11-29T04:12:00Z");

describe("clock gap: the platform's (sandbox) clock against this device's", () => {
  it("measures how far ahead the platform's clock runs", () => {
    expect(clockGapMs("2026-11-30T01:12:00Z", LOCAL_NOW)).toBe(21 * 3_600_000);
  });

  it.each([
    [30_000, "less than a minute"],
    [4 * 60_000 + 59_000, "4 min"],
    [21 * 3_600_000 + 59 * 60_000, "21 h"],
    [3 * 86_400_000 + 5_000, "3 days"],
    [-5 * 60_000, "5 min"],
  ])("%i ms reads %j", (ms, words) => {
    expect(roughDuration(ms)).toBe(words);
  });

  it("an expiry form's hint says the platform's clock is ahead and what it reads in the user's time; nothing when the clocks agree", () => {
    expect(clockGapHint(21 * 3_600_000, LOCAL_NOW, "Europe/Berlin")).toBe(
      "The platform's sandbox clock is 21 h ahead of this device's: it reads Nov 30, 2026, 2:12 AM in your time, so choose a later time.",
    );
    expect(clockGapHint(20_000, LOCAL_NOW, "Europe/Berlin")).toBeNull();
  });
});
