import { describe, expect, it } from "vitest";
import { resourceIdFromSegment } from "./resource-id";

const ID = "019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10";

describe("resourceIdFromSegment", () => {
  it("takes the type's id, percent-encoded or not, and a bare uuid", () => {
    expect(resourceIdFromSegment(`Agent:${ID}`, "Agent")).toBe(`Agent:${ID}`);
    expect(resourceIdFromSegment(`Agent%3A${ID}`, "Agent")).toBe(`Agent:${ID}`);
    expect(resourceIdFromSegment(ID, "Agent")).toBe(ID);
  });

  it("refuses another type, other words and malformed escapes", () => {
    expect(resourceIdFromSegment(`Card:${ID}`, "Agent")).toBeNull();
    expect(resourceIdFromSegment("approvals", "Agent")).toBeNull();
    expect(resourceIdFromSegment("internal-accounts", "Customer")).toBeNull();
    expect(resourceIdFromSegment("%E0%A4%A", "Card")).toBeNull();
    expect(resourceIdFromSegment(`Agent:${ID}/x`, "Agent")).toBeNull();
  });
});
