import { z } from "@hono/zod-openapi";

// Field shapes a customer shares with its beneficial owners. Apart from schemas.ts so that the
// beneficial-owners area can build on them while the business customer's response embeds its owners
// (schemas.ts → beneficial-owners/schemas.ts → here, with no cycle).

export const country = (description = "ISO 3166-1 alpha-2 country code.") =>
  z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code (two capital letters)").openapi({ description, example: "US" });
export const text = (max: number) => z.string().min(1).max(max);

/** Seed values only (SPEC.md "Verification status"); the peer's HOLD is not used. */
export const KycStatusSchema = z.enum(["UNVERIFIED", "PENDING", "APPROVED", "REJECTED"]).openapi("KycStatus");
export const KybStatusSchema = z.enum(["UNVERIFIED", "PENDING", "APPROVED", "REJECTED"]).openapi("KybStatus");

export const AddressSchema = z
  .object({
    line1: text(255),
    line2: z.string().max(255).optional(),
    city: z.string().max(255).optional(),
    state: z.string().max(255).optional(),
    postalCode: text(20),
    country: country(),
  })
  .strict()
  .openapi("Address");
export type Address = z.infer<typeof AddressSchema>;

export const IdentificationTypeSchema = z.enum(["SSN", "ITIN", "EIN", "NON_US_TAX_ID"]).openapi("IdentificationType");
export type IdentificationType = z.infer<typeof IdentificationTypeSchema>;
