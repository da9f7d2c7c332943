import { describe, expect, it } from "vitest";
import { describeStablecoinError } from "./describe-stablecoin-error";

describe("describeStablecoinError", () => {
  it.each(["STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND", "STABLECOIN_PROVIDER_ACCOUNT_INVALID", "STABLECOIN_PROVIDER_ACCOUNT_REVOKED"])("sends %s to the provider links on the page, naming no endpoint", (code) => {
    const text = describeStablecoinError({ code, message: "Link one with POST /stablecoin-provider-accounts first.", status: 404 });
    expect(text).toContain("Provider links above");
    expect(text).not.toMatch(/POST|GET|\//);
  });
  it("says a token is already registered", () => {
    expect(describeStablecoinError({ code: "CONFLICT", message: "Provider token x is already registered. List stablecoins to find it.", details: { field: "providerTokenIdentifier" } })).toBe(
      "This provider token is already registered: it is in the list above.",
    );
  });
  it("falls back to the shared wording", () => {
    expect(describeStablecoinError({ code: "FORBIDDEN", message: "x" })).toBe("Your role does not allow this. Ask an admin.");
  });
});
