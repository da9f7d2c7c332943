"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { MAX_SANDBOX_FUND_AMOUNT, minorUnitsSchema } from "../_lib/amount-limits";
import { ExternalAccountFormSchema, toCreateRequest } from "./external-account-values";

type InternalAccount = components["schemas"]["InternalAccount"];
type ExternalAccount = components["schemas"]["ExternalAccount"];

const FundInputSchema = z.object({
  accountId: z.string().min(1).max(200),
  // Minor units as digits, parsed exactly from what was typed; the API's 10^11 is far below 2^53.
  amount: minorUnitsSchema({ max: MAX_SANDBOX_FUND_AMOUNT }),
});

const DeleteExternalInputSchema = z.object({ externalAccountId: z.string().min(1).max(200), isPlatform: z.boolean() });

/** POST /sandbox/internal-accounts/{accountId}/fund: an instant simulated deposit (409 CONFLICT unless ACTIVE). */
export async function fundInternalAccountAction(input: unknown): Promise<ActionResult<InternalAccount>> {
  const parsed = FundInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { accountId, amount } = parsed.data;
  // The wire carries a JSON integer; every value the schema lets through is an exact JS number.
  const body = { amount: Number(amount) };
  const result = await callService((client) => client.POST("/sandbox/internal-accounts/{accountId}/fund", { params: { path: { accountId } }, body }));
  if (result.ok) revalidatePath("/", "layout"); // the account, its owner's page and the lists
  return result;
}

/** POST /customers/external-accounts or /platform/external-accounts, by owner. */
export async function createExternalAccountAction(input: unknown): Promise<ActionResult<ExternalAccount>> {
  const parsed = ExternalAccountFormSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const values = parsed.data;
  const body = toCreateRequest(values);
  const result = await callService((client) =>
    values.owner === "PLATFORM"
      ? client.POST("/platform/external-accounts", { body })
      : client.POST("/customers/external-accounts", { body: { ...body, customerId: values.customerId.trim() } }),
  );
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

/** DELETE a customer's or the platform's external account. */
export async function deleteExternalAccountAction(input: unknown): Promise<ActionResult<null>> {
  const parsed = DeleteExternalInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { externalAccountId, isPlatform } = parsed.data;
  const path = { params: { path: { externalAccountId } } };
  const result = await callService((client) =>
    isPlatform ? client.DELETE("/platform/external-accounts/{externalAccountId}", path) : client.DELETE("/customers/external-accounts/{externalAccountId}", path),
  );
  if (!result.ok) return result;
  revalidatePath("/", "layout");
  return { ok: true, data: null };
}
