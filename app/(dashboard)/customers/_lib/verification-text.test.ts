import { describe, expect, it } from "vitest";
import { VERIFICATION_ERROR_TYPES } from "@/lib/service/verifications/schemas";
import { describeVerificationError } from "./verification-text";

describe("verification errors in words", () => {
  // INVALID_FIELD quotes the API's reason: it says what form the value needs ("A US SSN has the form ###-##-####").
  it.each(VERIFICATION_ERROR_TYPES.filter((t) => t !== "INVALID_FIELD"))("%s has its own sentence, not the API's technical reason", (type) => {
    const text = describeVerificationError({ resourceId: "Customer:1", type, field: "businessInfo.taxId", reason: "TECHNICAL REASON" }, "the business");
    expect(text).not.toContain("TECHNICAL REASON");
    expect(text).not.toMatch(/POST \/|PATCH \//);
  });

  it("names the field as the customer form labels it, and who it is about", () => {
    expect(describeVerificationError({ resourceId: "Customer:1", type: "MISSING_FIELD", field: "businessInfo.taxId", reason: "x" }, "the business")).toBe(
      "The tax ID of the business is missing. Edit the customer to add it.",
    );
    expect(describeVerificationError({ resourceId: "BeneficialOwner:1", type: "MISSING_IDENTITY_DOCUMENT", reason: "x" }, "Pat Chief")).toMatch(/^Pat Chief needs an identity document/);
  });

  it("INVALID_FIELD names the field and quotes the API's reason", () => {
    expect(describeVerificationError({ resourceId: "Customer:1", type: "INVALID_FIELD", field: "identifier", reason: "A US SSN has the form ###-##-####" }, "the customer")).toBe(
      "The ID number of the customer is not valid: A US SSN has the form ###-##-####.",
    );
  });

  it("lists the accepted document types", () => {
    const text = describeVerificationError({ resourceId: "Customer:1", type: "MISSING_PROOF_OF_ADDRESS_DOCUMENT", acceptedDocumentTypes: ["UTILITY_BILL", "BANK_STATEMENT"], reason: "x" }, "the business");
    expect(text).toBe("Upload a proof of the business address (one of: utility bill, bank statement).");
  });
});
