import { describe, expect, it } from "vitest";
import { incomingAmounts } from "./incoming-amounts";

describe("incoming amounts", () => {
  it("the sender covers every unit received: sub-cent stablecoin amounts round up, as every corridor's", () => {
    const paid = (micro: bigint) => incomingAmounts("USD", "USDT", micro);
    expect([1_234_001n, 1_235_000n, 1_240_000n, 4_000n].map((m) => paid(m).sentAmount)).toEqual([124n, 124n, 124n, 1n]);
    expect(paid(1_234_001n)).toMatchObject({ receivedAmount: 1_234_001n, fees: 0n });
    expect(incomingAmounts("EUR", "USD", 10_000n).sentAmount).toBe(9_306n);
  });
});
