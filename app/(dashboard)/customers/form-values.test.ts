import { describe, expect, it } from "vitest";
import { EMPTY_CUSTOMER_FORM, missingNameErrors, type CustomerFormValues } from "./form-values";

const individual = (fullName: string): CustomerFormValues => ({ ...EMPTY_CUSTOMER_FORM, customerType: "INDIVIDUAL", fullName });
const business = (legalName: string): CustomerFormValues => ({
  ...EMPTY_CUSTOMER_FORM,
  customerType: "BUSINESS",
  businessInfo: { ...EMPTY_CUSTOMER_FORM.businessInfo, legalName },
});

describe("missingNameErrors: the dashboard never creates a nameless customer", () => {
  it("requires an individual's full name (blank or spaces)", () => {
    expect(missingNameErrors(individual(""))).toEqual({ fullName: "is required" });
    expect(missingNameErrors(individual("   "))).toEqual({ fullName: "is required" });
    expect(missingNameErrors(individual("Ada Lovelace"))).toEqual({});
  });

  it("requires a business's legal name, not the person's name", () => {
    expect(missingNameErrors({ ...business(""), fullName: "Ada Lovelace" })).toEqual({ "businessInfo.legalName": "is required" });
    expect(missingNameErrors(business("Acme Inc."))).toEqual({});
  });
});
