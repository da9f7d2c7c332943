import { z } from "@hono/zod-openapi";

export const ContactVerificationStatusSchema = z.enum(["PENDING", "VERIFIED"]).openapi("ContactVerificationStatus");
export const ContactVerificationSchema = z
  .object({ email: ContactVerificationStatusSchema.optional(), phone: ContactVerificationStatusSchema.optional() })
  .openapi("ContactVerification");
export const ContactVerificationConfirmRequestSchema = z
  .object({ code: z.string().min(1).max(32).openapi({ description: "The code sent to the customer (sandbox: 123456).", example: "123456" }) })
  .strict()
  .openapi("ContactVerificationConfirmRequest");
