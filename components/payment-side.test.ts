import { describe, expect, it } from "vitest";
import { describePaymentSide, isPullSource } from "./payment-side";

describe("payment sides in words", () => {
  it.each([
    ["a pull source", { sourceType: "ACCOUNT", accountId: "ExternalAccount:1" }, "source", { kind: "Bank account (pulled from)", identifier: "ExternalAccount:1" }],
    ["a prefunded source", { sourceType: "ACCOUNT", accountId: "InternalAccount:1" }, "source", { kind: "Internal account", identifier: "InternalAccount:1" }],
    ["realtime funding", { sourceType: "REALTIME_FUNDING", currency: "USD" }, "source", { kind: "Real-time funding", identifier: "USD" }],
    ["a payout", { destinationType: "ACCOUNT", accountId: "ExternalAccount:2" }, "destination", { kind: "External account", identifier: "ExternalAccount:2" }],
    ["an internal destination", { destinationType: "ACCOUNT", accountId: "InternalAccount:2" }, "destination", { kind: "Internal account", identifier: "InternalAccount:2" }],
    ["a UMA destination", { destinationType: "UMA_ADDRESS", umaAddress: "$a@b.c", currency: "EUR" }, "destination", { kind: "UMA address", identifier: "$a@b.c" }],
    ["an incoming UMA source without a type", { umaAddress: "$a@b.c" }, "source", { kind: "UMA address", identifier: "$a@b.c" }],
    ["nothing", undefined, "source", { kind: "—" }],
  ] as const)("names %s", (_, side, role, expected) => {
    expect(describePaymentSide(side, role)).toEqual(expected);
  });

  it("takes only an ACCOUNT source naming an external account for a pull", () => {
    expect(isPullSource({ sourceType: "ACCOUNT", accountId: "ExternalAccount:1" })).toBe(true);
    expect(isPullSource({ sourceType: "ACCOUNT", accountId: "InternalAccount:1" })).toBe(false);
    expect(isPullSource({ destinationType: "ACCOUNT", accountId: "ExternalAccount:1" })).toBe(false);
    expect(isPullSource({ sourceType: "REALTIME_FUNDING", currency: "USD" })).toBe(false);
    expect(isPullSource(undefined)).toBe(false);
  });
});
