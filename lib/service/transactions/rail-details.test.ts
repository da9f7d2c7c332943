import { describe, expect, it } from "vitest";
import { expectedSettlementAt, railDetailsFor, withRailStatus } from "./rail-details";

describe("expectedSettlementAt", () => {
  it.each([
    ["ACH on a Tuesday settles Wednesday", "ACH", "2025-11-04T15:00:00.000Z", "2025-11-05T15:00:00.000Z"],
    ["ACH on a Friday settles Monday", "ACH", "2025-11-07T15:00:00.000Z", "2025-11-10T15:00:00.000Z"],
    ["ACH on a Saturday settles Monday", "ACH", "2025-11-08T15:00:00.000Z", "2025-11-10T15:00:00.000Z"],
    ["ACH_SAME_DAY on a Tuesday settles that day", "ACH_SAME_DAY", "2025-11-04T15:00:00.000Z", "2025-11-04T23:59:59.999Z"],
    ["ACH_SAME_DAY on a Sunday settles Monday", "ACH_SAME_DAY", "2025-11-09T15:00:00.000Z", "2025-11-10T23:59:59.999Z"],
  ])("%s (BEHAVIORS.md 10.16)", (_name, rail, at, expected) => {
    expect(expectedSettlementAt(rail, new Date(at))?.toISOString()).toBe(expected);
  });

  it.each(["RTP", "WIRE", "SEPA_INSTANT", null])("is null for %s", (rail) => {
    expect(expectedSettlementAt(rail, new Date("2025-11-04T15:00:00Z"))).toBeNull();
  });
});

describe("railDetailsFor", () => {
  it("gives ACH sides railDetails with the default statement descriptor, and other rails none", () => {
    expect(railDetailsFor("ACH", "PENDING")).toEqual({ paymentRail: "ACH", status: "PENDING", statementDescriptor: "SERVICE" });
    expect(railDetailsFor("WIRE", "PENDING")).toBeNull();
    expect(railDetailsFor(null, "PENDING")).toBeNull();
  });

  it("moves only the status of existing railDetails", () => {
    expect(withRailStatus(railDetailsFor("ACH_SAME_DAY", "PENDING"), "COMPLETED")).toEqual({ paymentRail: "ACH_SAME_DAY", status: "COMPLETED", statementDescriptor: "SERVICE" });
    expect(withRailStatus(null, "COMPLETED")).toBeNull();
  });
});
