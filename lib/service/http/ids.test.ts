import { describe, expect, it } from "vitest";
import { formatId, notFoundMessage, parseId, uuidv7 } from "./ids";

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

describe("notFoundMessage", () => {
  const uuid = "01a22379-79a1-700d-98c6-5491b941c14a";
  it.each([
    ["a well-formed id: not found", "InternalAccount", `InternalAccount:${uuid}`, {}, `Internal account InternalAccount:${uuid} not found`],
    ["a bare uuid: the prefix it lacks", "Customer", uuid, {}, `${uuid} is not a Customer id: Customer ids look like Customer:<uuid> (here Customer:${uuid})`],
    ["a bare uuid where bare ones are taken: not found", "Transaction", uuid, { allowBare: true }, `Transaction ${uuid} not found`],
    ["another type's id", "Quote", `Transaction:${uuid}`, {}, `Transaction:${uuid} is a Transaction id, not a Quote id: Quote ids look like Quote:<uuid>`],
    ["garbage", "Card", "Card:nope", {}, "Card:nope is not a Card id: Card ids look like Card:<uuid>"],
    ["a noun of the caller's", "AuthMethod", `AuthMethod:${uuid}`, { noun: "Credential" }, `Credential AuthMethod:${uuid} not found`],
  ] as const)("%s", (_name, type, value, options, message) => {
    expect(notFoundMessage(type, value, options)).toBe(message);
  });
});

describe("uuidv7 within one millisecond", () => {
  it("still sorts in creation order", () => {
    const ids = Array.from({ length: 200 }, () => uuidv7(1_700_000_000_123));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(200);
  });
});

describe("uuidv7 with clocks that interleave milliseconds", () => {
  it("sorts one millisecond's ids in creation order even when other milliseconds' ids come between", () => {
    // As a request makes ids on a platform's sandbox clock and on the wall clock by turns.
    const ids = Array.from({ length: 50 }, (_, i) => [uuidv7(1_700_000_000_500), uuidv7(1_700_000_000_900 + i)]);
    const sandbox = ids.map(([id]) => id!);
    expect([...sandbox].sort()).toEqual(sandbox);
  });
});
