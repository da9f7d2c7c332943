import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { MAX_QUOTE_AMOUNT, minorUnitsSchema } from "../../_lib/amount-limits";

type QuoteRequest = components["schemas"]["QuoteRequest"];
type PurposeOfPayment = NonNullable<QuoteRequest["purposeOfPayment"]>;

/** Every purposeOfPayment the API takes, in words; the Record makes the compiler list them all. */
export const PURPOSE_LABELS: Record<PurposeOfPayment, string> = {
  GIFT: "Gift",
  SELF: "Transfer to own account",
  GOODS_OR_SERVICES: "Goods or services",
  EDUCATION: "Education",
  HEALTH_OR_MEDICAL: "Health or medical",
  REAL_ESTATE_PURCHASE: "Real estate purchase",
  TAX_PAYMENT: "Tax payment",
  LOAN_PAYMENT: "Loan payment",
  UTILITY_BILL: "Utility bill",
  DONATION: "Donation",
  TRAVEL: "Travel",
  FAMILY_SUPPORT: "Family support",
  SALARY_PAYMENT: "Salary payment",
  OTHER: "Other",
};
export const PURPOSES_OF_PAYMENT = Object.keys(PURPOSE_LABELS) as PurposeOfPayment[];

/** The purpose picker's options: the API's value, its label in words. */
export const PURPOSE_OPTIONS = PURPOSES_OF_PAYMENT.map((value) => ({ value, label: PURPOSE_LABELS[value] }));

/** The sandbox's UMA counterparties (BEHAVIORS.md §4.6), offered as suggestions; the API resolves any address. */
export const SANDBOX_UMA_ADDRESSES = [
  { address: "$success.usd@sandbox.uma.money", currency: "USD" },
  { address: "$success.eur@sandbox.uma.money", currency: "EUR" },
  { address: "$success.mxn@sandbox.uma.money", currency: "MXN" },
  { address: "$pending.long.usd@sandbox.uma.money", currency: "USD" },
  { address: "$fail.compliance.usd@sandbox.uma.money", currency: "USD" },
] as const;

const id = z.string().trim().min(1, "Choose an account").max(200);
const currency = z.string().trim().toUpperCase().min(3, "must be a currency code like EUR").max(5, "must be a currency code like EUR");
const optionalCustomerId = z.string().trim().max(200).optional().transform((t) => t || undefined);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `can be at most ${max} characters`)
    .optional()
    .transform((t) => t || undefined);

// Shape only, with the API's field paths: the API owns the rules (owners match, limits, fees) and names bad fields.
export const QuoteInputSchema = z.object({
  source: z.discriminatedUnion("sourceType", [
    // accountId: an InternalAccount (prefunded) or a bank ExternalAccount to pull from.
    z.object({ sourceType: z.literal("ACCOUNT"), accountId: id, customerId: optionalCustomerId }),
    z.object({ sourceType: z.literal("REALTIME_FUNDING"), currency, customerId: optionalCustomerId }),
  ]),
  destination: z.discriminatedUnion("destinationType", [
    z.object({ destinationType: z.literal("ACCOUNT"), accountId: id }),
    z.object({ destinationType: z.literal("UMA_ADDRESS"), umaAddress: z.string().trim().min(1, "Enter a UMA address like $success.eur@sandbox.uma.money").max(255), currency }),
  ]),
  lockedCurrencySide: z.enum(["SENDING", "RECEIVING"]),
  /** Minor units as exact digits, 1 to the API's 9×10^15 (an exact JSON number). */
  lockedCurrencyAmount: minorUnitsSchema({ max: MAX_QUOTE_AMOUNT }),
  description: optionalText(1024),
  remittanceInformation: optionalText(80),
  purposeOfPayment: z.enum(PURPOSES_OF_PAYMENT as [PurposeOfPayment, ...PurposeOfPayment[]]).optional(),
  statementDescriptor: optionalText(10),
  immediatelyExecute: z.literal(true).optional(),
});
export type QuoteInput = z.input<typeof QuoteInputSchema>;

/** The POST /quotes body for a checked input. */
export function toQuoteRequest(input: z.output<typeof QuoteInputSchema>): QuoteRequest {
  return { ...input, lockedCurrencyAmount: Number(input.lockedCurrencyAmount) };
}
