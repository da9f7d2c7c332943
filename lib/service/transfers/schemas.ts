import { z } from "@hono/zod-openapi";
import { PaymentRailSchema } from "../transactions/schemas";

/** Largest transfer amount: keeps every amount an exact JSON integer (below 2^53). */
export const MAX_TRANSFER_AMOUNT = 1_000_000_000_000_000;

const amount = z
  .number()
  .int()
  .min(1)
  .max(MAX_TRANSFER_AMOUNT)
  .openapi({ description: "In the smallest unit of the accounts' (shared) currency, 1 to 10^15.", example: 1_000 });

const accountRef = (type: "InternalAccount" | "ExternalAccount", name: string) =>
  z
    .object({ accountId: z.string().min(1).openapi({ description: `\`${type}:<uuid>\``, example: `${type}:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10` }) })
    .strict()
    .openapi(name);

export const PURPOSES_OF_PAYMENT = [
  "GIFT",
  "SELF",
  "GOODS_OR_SERVICES",
  "EDUCATION",
  "HEALTH_OR_MEDICAL",
  "REAL_ESTATE_PURCHASE",
  "TAX_PAYMENT",
  "LOAN_PAYMENT",
  "UTILITY_BILL",
  "DONATION",
  "TRAVEL",
  "FAMILY_SUPPORT",
  "SALARY_PAYMENT",
  "OTHER",
] as const;

export const TransferOutRequestSchema = z
  .object({
    source: accountRef("InternalAccount", "InternalAccountReference"),
    destination: z
      .object({
        accountId: z.string().min(1).openapi({ description: "`ExternalAccount:<uuid>` in the source's currency.", example: "ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
        paymentRail: PaymentRailSchema.optional().openapi({ description: "One of the account's rails; chosen automatically when omitted (ACH_SAME_DAY only when named)." }),
      })
      .strict()
      .openapi("ExternalAccountDestinationReference"),
    amount,
    remittanceInformation: z.string().max(80).optional().openapi({ description: "Travels with the payment to the recipient (at most 80 characters)." }),
    purposeOfPayment: z.enum(PURPOSES_OF_PAYMENT).optional().openapi({ description: "PurposeOfPayment of the reference." }),
  })
  .strict()
  .openapi("TransferOutRequest");
export type TransferOutRequest = z.infer<typeof TransferOutRequestSchema>;

export const TransferInRequestSchema = z
  .object({
    source: accountRef("ExternalAccount", "ExternalAccountReference"),
    destination: accountRef("InternalAccount", "InternalAccountReference"),
    amount,
  })
  .strict()
  .openapi("TransferInRequest");
export type TransferInRequest = z.infer<typeof TransferInRequestSchema>;
