import { z } from "@hono/zod-openapi";
import { CurrencySchema } from "../exchange-rates/schemas";

export const ReceiverLookupQuerySchema = z.object({
  senderUmaAddress: z.string().optional().openapi({ description: "The sender's UMA address (or give customerId)." }),
  customerId: z.string().optional().openapi({ description: "`Customer:<uuid>` sending (or give senderUmaAddress)." }),
});

const CurrencyPreferenceSchema = z
  .object({
    currency: CurrencySchema,
    estimatedExchangeRate: z.number().positive().openapi({ description: "Estimated USD per one unit of this currency; the quote fixes the real rate." }),
    min: z.number().int().positive().openapi({ description: "Smallest unit of this currency." }),
    max: z.number().int().positive(),
  })
  .openapi("CurrencyPreference");

const CounterpartyFieldDefinitionSchema = z.object({ name: z.string(), mandatory: z.boolean() }).openapi("CounterpartyFieldDefinition");

export const ReceiverLookupResponseSchema = z
  .object({
    lookupId: z.string().openapi({ description: "Pass as the quote's lookupId; kept 30 days (on the platform's clock).", example: "Lookup:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
    receiverUmaAddress: z.string().optional(),
    accountId: z.string().optional(),
    supportedCurrencies: z.array(CurrencyPreferenceSchema),
    requiredPayerDataFields: z.array(CounterpartyFieldDefinitionSchema).openapi({ description: "Fields the receiver wants in the quote's senderCustomerInfo." }),
  })
  .openapi("ReceiverLookupResponse");
export type ReceiverLookupResponse = z.infer<typeof ReceiverLookupResponseSchema>;

export const UmaLookupParamSchema = z.object({
  receiverUmaAddress: z.string().openapi({ param: { name: "receiverUmaAddress", in: "path" }, example: "$success.eur@sandbox.uma.money" }),
});
export const ExternalAccountLookupParamSchema = z.object({
  accountId: z.string().openapi({ param: { name: "accountId", in: "path" }, example: "ExternalAccount:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }),
});
