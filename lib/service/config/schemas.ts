import { z } from "@hono/zod-openapi";
import { CURRENCY_CODES } from "../sandbox/currencies";
import { webhookEndpointProblem } from "./webhook-endpoint";

export const CUSTOMER_INFO_FIELD_NAMES = [
  "FULL_NAME", "BIRTH_DATE", "NATIONALITY", "PHONE_NUMBER", "EMAIL", "POSTAL_ADDRESS", "TAX_ID",
  "REGISTRATION_NUMBER", "USER_TYPE", "COUNTRY_OF_RESIDENCE", "ACCOUNT_IDENTIFIER", "FI_LEGAL_ENTITY_NAME",
  "FI_ADDRESS", "PURPOSE_OF_PAYMENT", "ULTIMATE_INSTITUTION_COUNTRY", "IDENTIFIER", "BUSINESS_TYPE",
  "COMPANY_LEGAL_NAME", "ID_TYPE", "ID_NUMBER",
] as const;

const CustomerInfoFieldNameSchema = z.enum(CUSTOMER_INFO_FIELD_NAMES).openapi("CustomerInfoFieldName");
const CurrencyCodeSchema = z.enum(CURRENCY_CODES as [string, ...string[]]);
const int64 = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const CounterpartyFieldDefinitionSchema = z
  .object({ name: CustomerInfoFieldNameSchema, mandatory: z.boolean() })
  .strict()
  .openapi("CounterpartyFieldDefinition");

export const PlatformCurrencyConfigSchema = z
  .object({
    currencyCode: CurrencyCodeSchema,
    minAmount: int64.openapi({ description: "Smallest amount per transaction, in minor units." }),
    maxAmount: int64.openapi({ description: "Largest amount per transaction, in minor units." }),
    requiredCounterpartyFields: z.array(CounterpartyFieldDefinitionSchema),
    enabledTransactionTypes: z.array(z.enum(["INCOMING", "OUTGOING"])),
    providerRequiredCustomerFields: z.array(CustomerInfoFieldNameSchema).optional().openapi({ readOnly: true }),
    providerRequiredCounterpartyCustomerFields: z.array(CustomerInfoFieldNameSchema).optional().openapi({ readOnly: true }),
  })
  .openapi("PlatformCurrencyConfig");
export type PlatformCurrencyConfig = z.infer<typeof PlatformCurrencyConfigSchema>;

const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https URL such as https://example.com/logo.png" }).max(512);

export const EmbeddedWalletConfigSchema = z
  .object({
    appName: z.string().max(255).optional(),
    otpLength: z.number().int().min(4).max(12).optional(),
    alphanumeric: z.boolean().optional(),
    expirationSeconds: z.number().int().min(1).max(86400).optional(),
    sendFromEmailAddress: z.email().max(255).optional(),
    sendFromEmailSenderName: z.string().max(255).optional(),
    replyToEmailAddress: z.email().max(255).optional(),
    logoUrl: httpsUrl.optional(),
  })
  .strict()
  .openapi("EmbeddedWalletConfig");
export type EmbeddedWalletConfig = z.infer<typeof EmbeddedWalletConfigSchema>;

export const CardTokenization2FAConfigSchema = z
  .object({
    displayName: z.string().max(255).optional(),
    logoUrl: httpsUrl.optional(),
    email: z
      .object({
        fromAddress: z.email().max(255).optional(),
        fromName: z.string().max(255).optional(),
        replyToAddress: z.email().max(255).optional(),
        subject: z.string().max(255).optional(),
        bodyText: z.string().max(2000).optional(),
      })
      .strict()
      .optional(),
    sms: z
      .object({ templateSid: z.string().max(64).optional(), bodyText: z.string().max(480).optional() })
      .strict()
      .optional(),
  })
  .strict()
  .openapi("CardTokenization2FAConfig");

export const FixedFeeSchema = z
  .object({ amount: int64.openapi({ description: "Minor units of `currency`." }), currency: z.string().min(3).max(5) })
  .strict()
  .openapi("FixedFee");

/** Seed: a variable rate, a fixed amount, or both (BEHAVIORS.md §1.1). */
export const FeeConfigSchema = z
  .object({
    feeType: z.enum(["CROSS_CURRENCY_TRANSACTION"]).openapi("FeeType"),
    sourceCurrency: z.string().min(3).max(5),
    variableFeeBps: z.number().int().min(0).max(10000).optional(),
    fixedFee: FixedFeeSchema.optional(),
  })
  .strict()
  .openapi("FeeConfig");
export type FeeConfigInput = z.infer<typeof FeeConfigSchema>;

export const PlatformConfigSchema = z
  .object({
    id: z.string(),
    umaDomain: z.string().optional(),
    proxyUmaSubdomain: z.string().optional(),
    webhookEndpoint: z.string().optional(),
    supportedCurrencies: z.array(PlatformCurrencyConfigSchema),
    isRegulatedFinancialInstitution: z.boolean(),
    skipVerificationPaperwork: z.boolean().openapi({
      description: "Extension (sandbox setting \"Skip verification paperwork\"): suffix outcomes other than 001/003 resolve without documents — individuals at creation, businesses at their first POST /verifications.",
    }),
    embeddedWalletConfig: EmbeddedWalletConfigSchema,
    cardTokenization2faConfig: CardTokenization2FAConfigSchema.optional(),
    feeConfigs: z.array(
      z.object({
        feeType: z.literal("CROSS_CURRENCY_TRANSACTION"),
        sourceCurrency: z.string(),
        variableFeeBps: z.number().int(),
        fixedFee: z.object({ amount: z.number().int(), currency: z.string() }),
      }),
    ),
    webhookPublicKey: z.string().openapi({
      description: "Extension: PEM (SPKI) P-256 public key that verifies `X-Service-Signature` on webhook deliveries.",
      readOnly: true,
    }),
    walletEnclavePublicKey: z.string().optional().openapi({
      description: "Read-only: uncompressed hex P-256 public key of the sandbox's long-lived wallet enclave key, which signs `otpEncryptionTargetBundle`, OTP verification tokens and wallet exports (pass it as the override signer key to verifying clients).",
      readOnly: true,
    }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("PlatformConfig");
export type PlatformConfig = z.infer<typeof PlatformConfigSchema>;

export const PlatformConfigUpdateRequestSchema = z
  .object({
    umaDomain: z
      .string()
      .max(253)
      // No regex flags: the pattern goes into the OpenAPI document as it is, and JSON Schema patterns have none.
      .regex(/^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/, "must be a domain name")
      .optional(),
    webhookEndpoint: z.string().max(2048).nullable().optional().openapi({
      description: "HTTPS URL receiving webhooks (sandbox also accepts http://localhost and http://127.0.0.1). null clears it. Setting a new endpoint sends it one TEST event (as POST /webhooks/test does), so you see it working.",
    }),
    supportedCurrencies: z.array(PlatformCurrencyConfigSchema.omit({ providerRequiredCustomerFields: true, providerRequiredCounterpartyCustomerFields: true }).strict()).max(50).optional(),
    embeddedWalletConfig: EmbeddedWalletConfigSchema.optional(),
    cardTokenization2faConfig: CardTokenization2FAConfigSchema.optional(),
    feeConfigs: z.array(FeeConfigSchema).max(20).optional(),
    skipVerificationPaperwork: z.boolean().optional().openapi({ description: "Sandbox setting \"Skip verification paperwork\" (see PlatformConfig)." }),
  })
  .strict()
  // Rules across fields, reported together with the field rules so one answer lists every problem.
  .superRefine((update, ctx) => {
    const issue = (path: (string | number)[], message: string, constraint: Record<string, unknown>) =>
      ctx.addIssue({ code: "custom", path, message, params: { constraint } });
    if (typeof update.webhookEndpoint === "string" && update.webhookEndpoint) {
      const problem = webhookEndpointProblem(update.webhookEndpoint, "SANDBOX");
      if (problem) issue(["webhookEndpoint"], problem, { format: "uri", pattern: "^https://" });
    }
    const currencies = new Set<string>();
    update.supportedCurrencies?.forEach((currency, i) => {
      if (currencies.has(currency.currencyCode)) issue(["supportedCurrencies", i, "currencyCode"], `${currency.currencyCode} is listed twice`, { uniqueItems: true });
      currencies.add(currency.currencyCode);
      if (currency.minAmount > currency.maxAmount) issue(["supportedCurrencies", i, "minAmount"], "must not exceed maxAmount", { maximum: currency.maxAmount });
    });
    const fees = new Set<string>();
    update.feeConfigs?.forEach((fee, i) => {
      const key = `${fee.feeType}/${fee.sourceCurrency}`;
      if (fees.has(key)) issue(["feeConfigs", i], `${key} is listed twice`, { uniqueItems: true });
      fees.add(key);
      if (fee.variableFeeBps === undefined && fee.fixedFee === undefined)
        issue(["feeConfigs", i], "needs variableFeeBps, fixedFee, or both", { anyOf: ["variableFeeBps", "fixedFee"] });
      if (fee.fixedFee && fee.fixedFee.currency !== fee.sourceCurrency)
        issue(["feeConfigs", i, "fixedFee", "currency"], `must equal sourceCurrency (${fee.sourceCurrency})`, { enum: [fee.sourceCurrency] });
    });
  })
  .openapi("PlatformConfigUpdateRequest");
export type PlatformConfigUpdateRequest = z.infer<typeof PlatformConfigUpdateRequestSchema>;
