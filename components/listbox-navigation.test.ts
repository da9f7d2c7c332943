import { describe, expect, it } from "vitest";
import { nextEnabledIndex } from "./listbox-navigation";

describe("nextEnabledIndex", () => {
  const all = [true, true, true];
  it.each([
    [all, -1, 1, 0],
    [all, -1, -1, 2],
    [all, 0, 1, 1],
    [all, 2, 1, 0],
    [all, 0, -1, 2],
    [[false, true, false, true], -1, 1, 1],
    [[false, true, false, true], 1, 1, 3],
    [[false, true, false, true], 3, 1, 1],
    [[false, true, false, true], 1, -1, 3],
    [[true, false, false], 0, 1, 0],
  ] as const)("in %j from %i by %i lands on %i, skipping disabled options", (enabled, current, step, expected) => {
    expect(nextEnabledIndex(enabled, current, step)).toBe(expected);
  });

  it("answers -1 when nothing can be chosen", () => {
    expect(nextEnabledIndex([], -1, 1)).toBe(-1);
    expect(nextEnabledIndex([false, false], 0, 1)).toBe(-1);
  });
});
