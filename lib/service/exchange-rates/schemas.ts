import { z } from "@hono/zod-openapi";
import { CURRENCY_CODES } from "../sandbox/currencies";

export const CurrencySchema = z
  .object({ code: z.string(), name: z.string().optional(), symbol: z.string().optional(), decimals: z.number().int().min(0).optional() })
  .openapi("Currency");

const CurrencyCode = z.enum(CURRENCY_CODES as [string, ...string[]]);

export const ExchangeRateQuerySchema = z.object({
  sourceCurrency: CurrencyCode.default("USD").openapi({ description: "ISO 4217 or token code; default USD." }),
  destinationCurrency: z
    .preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(CurrencyCode).max(20).optional())
    .openapi({ description: "Repeatable; default: every currency with a rate.", param: { style: "form", explode: true } }),
  // Stated in full for the document: the generator types a bound this large ["integer", "null"], and null is refused.
  sendingAmount: z.coerce
    .number()
    .int()
    .min(0)
    .max(9e15)
    .default(10000)
    .openapi({ type: "integer", minimum: 0, maximum: 9e15, default: 10000, description: "Minor units of sourceCurrency; default 10000." }),
});
export type ExchangeRateQuery = z.infer<typeof ExchangeRateQuerySchema>;

export const ExchangeRateSchema = z
  .object({
    sourceCurrency: CurrencySchema,
    destinationCurrency: CurrencySchema,
    destinationPaymentRail: z.string(),
    sendingAmount: z.number().int(),
    minSendingAmount: z.number().int().openapi({
      description:
        "The platform's `minAmount` for the source currency (PATCH /config supportedCurrencies[]), smallest unit: a quote or transfer-out sending less (fees included) answers 400 AMOUNT_OUT_OF_RANGE. 1 when the platform has not configured the currency.",
    }),
    maxSendingAmount: z.number().int().openapi({
      description:
        "The platform's `maxAmount` for the source currency, smallest unit: sending more (fees included) answers 400 AMOUNT_OUT_OF_RANGE. The Service's own per-payment limit (USD 10,000,000 in value) applies too.",
    }),
    receivingAmount: z.number().int(),
    exchangeRate: z.number().openapi({
      description:
        "Sending units per one receiving unit (major units). Fixed per corridor in the sandbox: exact when it has at most 8 decimal places, else rounded up to 8 decimal places or 9 significant digits, whichever keeps more (BTC → VND is 6.15384616e-10), but to no more than 15 significant digits (RWF → BTC is 90277777.7777778), so a rate is never 0, is within 1e-8 of its exact value, a round trip never gains, and the number parsed as a double is exactly the rate the amounts are computed with.",
    }),
    fees: z.object({ fixed: z.number().int(), total: z.number().int() }).openapi("ExchangeRateFees"),
    updatedAt: z.string().datetime(),
  })
  .openapi("ExchangeRate");
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

export const ExchangeRateListResponseSchema = z.object({ data: z.array(ExchangeRateSchema) }).openapi("ExchangeRateListResponse");
