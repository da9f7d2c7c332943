import { describe, expect, it } from "vitest";
import { BeneficialOwnerCreateRequestSchema, BeneficialOwnerUpdateRequestSchema } from "@/lib/service/beneficial-owners/schemas";
import { EMPTY_OWNER, ownerFormValues, toCreateOwnerRequest, toUpdateOwnerRequest, type OwnerFormValues } from "./owner-form-values";

const filled: OwnerFormValues = {
  roles: ["UBO", "DIRECTOR"],
  ownershipPercentage: "60",
  personalInfo: {
    ...EMPTY_OWNER.personalInfo,
    firstName: " Pat ",
    lastName: "Founder",
    birthDate: "1980-01-01",
    nationality: "us",
    idType: "SSN",
    identifier: "111-22-3333",
    address: { line1: "1 Main St", line2: "", city: "San Francisco", state: "", postalCode: "94105", country: "us" },
  },
};

describe("the beneficial owner form", () => {
  it("turns a filled form into a create request the API's schema accepts (trimmed, countries upper-cased, empty optionals left out)", () => {
    const body = toCreateOwnerRequest("Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", filled);
    const parsed = BeneficialOwnerCreateRequestSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(body.ownershipPercentage).toBe(60);
    expect(body.personalInfo).toMatchObject({ firstName: "Pat", nationality: "US", address: { country: "US" } });
    expect(body.personalInfo).not.toHaveProperty("email", "");
    expect(body.personalInfo.middleName).toBeUndefined();
  });

  it("leaves required fields out when empty, so the API names each one", () => {
    const parsed = BeneficialOwnerCreateRequestSchema.safeParse(toCreateOwnerRequest("Customer:x", EMPTY_OWNER));
    const paths = parsed.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["ownershipPercentage", "personalInfo.firstName", "personalInfo.lastName", "personalInfo.address", "roles"]));
  });

  it("edits an existing owner without its identifier, which the API keeps", () => {
    const owner = {
      id: "BeneficialOwner:1",
      customerId: "Customer:1",
      roles: ["CONTROL_PERSON" as const],
      ownershipPercentage: 10,
      kycStatus: "UNVERIFIED" as const,
      createdAt: "2025-01-01T00:00:00.000Z",
      updatedAt: "2025-01-01T00:00:00.000Z",
      personalInfo: { ...toCreateOwnerRequest("Customer:1", filled).personalInfo, identifier: "****3333" } as never,
    };
    const values = ownerFormValues(owner);
    expect(values.personalInfo.identifier).toBe("");
    const body = toUpdateOwnerRequest({ ...values, ownershipPercentage: "15" });
    expect(BeneficialOwnerUpdateRequestSchema.safeParse(body).success).toBe(true);
    expect(body.ownershipPercentage).toBe(15);
    expect(body.personalInfo).not.toHaveProperty("identifier", expect.anything());
  });
});
