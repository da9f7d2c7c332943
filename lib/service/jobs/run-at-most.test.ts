import { describe, expect, it } from "vitest";
import { runAtMost } from "./run-at-most";

describe("runAtMost", () => {
  it("never runs more than the limit at once, keeps every lane busy, and answers in the items' order", async () => {
    let running = 0;
    let most = 0;
    const items = Array.from({ length: 20 }, (_, i) => i);
    const results = await runAtMost(8, items, async (i) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, (i * 7) % 5)); // uneven durations: lanes finish out of order
      running--;
      return i * 10;
    });
    expect(most).toBe(8);
    expect(results).toEqual(items.map((i) => i * 10));
    expect(await runAtMost(8, [], async () => 1)).toEqual([]);
  });
});
