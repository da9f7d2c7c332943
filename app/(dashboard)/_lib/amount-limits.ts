import { z } from "zod";
import { amountLimitProblem, type AmountLimits } from "@/components/money";

/**
 * The Service API's amount limits, in the smallest unit (its OpenAPI `maximum`s). Forms check them
 * before calling, so the message can say the amount is too large and what the most is.
 */
export const MAX_TRANSFER_AMOUNT = 10n ** 15n;
export const MAX_QUOTE_AMOUNT = 9n * 10n ** 15n;
export const MAX_SANDBOX_FUND_AMOUNT = 10n ** 11n;
export const MAX_CARD_SIMULATION_AMOUNT = 10n ** 11n;

const DIGITS = /^\d{1,20}$/;

/**
 * A server action's amount: minor units as exact digits, checked against the same limits as the
 * form (parseMajorUnits), so a call that skips the form gets the same messages.
 */
export function minorUnitsSchema(limits: AmountLimits = {}) {
  return z
    .string()
    .regex(DIGITS, "must be a whole number of the smallest unit")
    .superRefine((digits, ctx) => {
      if (!DIGITS.test(digits)) return; // zod runs this check after a failed regex too
      const problem = amountLimitProblem(BigInt(digits), limits);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}
