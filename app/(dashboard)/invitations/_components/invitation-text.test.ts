import { describe, expect, it } from "vitest";
import { NOT_CONFIGURED_TEXT, umaDomainSuggestion } from "./invitation-text";

describe("the invitations not-set-up banner", () => {
  it("says where the domain is set and that existing addresses stay as they are", () => {
    expect(NOT_CONFIGURED_TEXT).toContain("Set it under Settings → UMA domain");
    expect(NOT_CONFIGURED_TEXT).toContain("It changes no existing address");
  });

  it("suggests the domain the platform's customers already have addresses at", () => {
    expect(umaDomainSuggestion("customers.sandbox.uma.example")).toBe(
      "Your customers' addresses so far end in @customers.sandbox.uma.example: enter customers.sandbox.uma.example to keep new customers on that domain too, or your own domain to give new customers addresses there.",
    );
    expect(umaDomainSuggestion(undefined)).toBeNull();
  });
});
