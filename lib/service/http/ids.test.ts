import { describe, expect, it } from "vitest";
import { formatId, parseId, uuidv7 } from "./ids";

describe("ids", () => {
  it("makes version-7 uuids that sort by creation time", () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
    expect(a.slice(0, 13).replace("-", "")).toBe((1_700_000_000_000).toString(16).padStart(12, "0"));
  });

  it("round-trips a typed id", () => {
    const uuid = uuidv7();
    expect(parseId("Token", formatId("Token", uuid))).toBe(uuid);
  });

  it.each([
    ["another type's id", (u: string) => `Customer:${u}`],
    ["a bare uuid where the type is required", (u: string) => u],
    ["a truncated uuid", (u: string) => `Token:${u.slice(0, 30)}`],
    ["garbage", () => "Token:not-a-uuid"],
    ["a lower-cased type", (u: string) => `token:${u}`],
  ])("rejects %s", (_name, make) => {
    expect(parseId("Token", make(uuidv7()))).toBeNull();
  });

  it("accepts a bare uuid only when allowed", () => {
    const uuid = uuidv7();
    expect(parseId("Card", uuid, { allowBare: true })).toBe(uuid);
    expect(parseId("Card", `Card:${uuid.toUpperCase()}`)).toBe(uuid);
  });
});

describe("uuidv7 within one millisecond", () => {
  it("still sorts in creation order", () => {
    const ids = Array.from({ length: 200 }, () => uuidv7(1_700_000_000_123));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(200);
  });
});
