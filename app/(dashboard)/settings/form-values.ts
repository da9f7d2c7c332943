import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";

type PlatformConfig = components["schemas"]["PlatformConfig"];

const FEE_TYPE = "CROSS_CURRENCY_TRANSACTION";
/** The API supports cross-currency fee configs for USD only (501 NOT_IMPLEMENTED otherwise). */
export const FEE_CURRENCY = "USD";

const emptyToUndefined = (value: string) => (value === "" ? undefined : value);
const optionalText = z.string().trim().transform(emptyToUndefined);
const WHOLE = /^\d+$/;
/** 15 digits stay below Number.MAX_SAFE_INTEGER; within them, the API states each field's own limit. */
const isWithinDigits = (v: string) => v.length <= 15;
const wholeNumber = z.string().trim().regex(WHOLE, "must be a whole number").refine(isWithinDigits, "is too large").transform(Number);
const optionalWholeNumber = z
  .string()
  .trim()
  .refine((v) => v === "" || WHOLE.test(v), "must be a whole number")
  .refine(isWithinDigits, "is too large")
  .transform((v) => (v === "" ? undefined : Number(v)));

/**
 * The settings form's values, shaped and named like PATCH /config so that the API's field paths
 * (`webhookEndpoint`, `feeConfigs.0.fixedFee.amount`) and this schema's paths are the same keys.
 * Inputs are strings; parsing turns them into the request body.
 */
export const SettingsFormSchema = z.object({
  webhookEndpoint: z.string().trim().transform((v) => (v === "" ? null : v)),
  umaDomain: optionalText,
  skipVerificationPaperwork: z.boolean(),
  embeddedWalletConfig: z.object({
    appName: optionalText,
    otpLength: optionalWholeNumber,
    alphanumeric: z.boolean(),
    expirationSeconds: optionalWholeNumber,
    sendFromEmailAddress: optionalText,
    sendFromEmailSenderName: optionalText,
    replyToEmailAddress: optionalText,
    logoUrl: optionalText,
  }),
  supportedCurrencies: z
    .array(
      z.object({
        currencyCode: z.string(),
        minAmount: wholeNumber,
        maxAmount: wholeNumber,
        enabledTransactionTypes: z.array(z.enum(["INCOMING", "OUTGOING"])),
        requiredCounterpartyFields: z.array(z.object({ name: z.string(), mandatory: z.boolean() })),
      }),
    )
    .max(50),
  feeConfigs: z
    .array(
      z.object({
        feeType: z.literal(FEE_TYPE),
        sourceCurrency: z.string(),
        variableFeeBps: wholeNumber,
        fixedFee: z.object({ amount: wholeNumber, currency: z.string() }),
      }),
    )
    .max(20),
});

export type SettingsFormValues = z.input<typeof SettingsFormSchema>;

/** What PATCH /config writes as one value: top-level fields, and the wallet's field by field (it merges them). */
export const SETTINGS_UNITS = [
  "webhookEndpoint",
  "umaDomain",
  "skipVerificationPaperwork",
  ...(["appName", "otpLength", "alphanumeric", "expirationSeconds", "sendFromEmailAddress", "sendFromEmailSenderName", "replyToEmailAddress", "logoUrl"] as const).map(
    (key) => `embeddedWalletConfig.${key}`,
  ),
  "supportedCurrencies",
  "feeConfigs",
] as const;

/** The form's starting values: the configuration as GET /config answered it. */
export function configToFormValues(config: PlatformConfig): SettingsFormValues {
  const wallet = config.embeddedWalletConfig;
  const fee = config.feeConfigs.find((f) => f.feeType === FEE_TYPE && f.sourceCurrency === FEE_CURRENCY);
  const text = (value: string | number | undefined) => (value === undefined ? "" : String(value));
  return {
    webhookEndpoint: config.webhookEndpoint ?? "",
    umaDomain: config.umaDomain ?? "",
    skipVerificationPaperwork: config.skipVerificationPaperwork,
    embeddedWalletConfig: {
      appName: text(wallet.appName),
      otpLength: text(wallet.otpLength),
      alphanumeric: wallet.alphanumeric ?? false,
      expirationSeconds: text(wallet.expirationSeconds),
      sendFromEmailAddress: text(wallet.sendFromEmailAddress),
      sendFromEmailSenderName: text(wallet.sendFromEmailSenderName),
      replyToEmailAddress: text(wallet.replyToEmailAddress),
      logoUrl: text(wallet.logoUrl),
    },
    supportedCurrencies: config.supportedCurrencies.map((c) => ({
      currencyCode: c.currencyCode,
      minAmount: String(c.minAmount),
      maxAmount: String(c.maxAmount),
      enabledTransactionTypes: [...c.enabledTransactionTypes],
      requiredCounterpartyFields: c.requiredCounterpartyFields.map((f) => ({ name: f.name, mandatory: f.mandatory })),
    })),
    feeConfigs: [
      {
        feeType: FEE_TYPE,
        sourceCurrency: FEE_CURRENCY,
        variableFeeBps: String(fee?.variableFeeBps ?? 0),
        fixedFee: { amount: String(fee?.fixedFee.amount ?? 0), currency: FEE_CURRENCY },
      },
    ],
  };
}
