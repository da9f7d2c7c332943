"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";

type Verification = components["schemas"]["Verification"];
type KycLink = components["schemas"]["KycLinkResponse"];

const CustomerIdInputSchema = z.object({ customerId: z.string().min(1).max(200) });

/** POST /verifications: the packet is checked now; RESOLVE_ERRORS lists what is missing. */
export async function submitVerificationAction(input: unknown): Promise<ActionResult<Verification>> {
  const parsed = CustomerIdInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await callService((client) => client.POST("/verifications", { body: { customerId: parsed.data.customerId } }));
  revalidatePath("/customers", "layout");
  return result;
}

/** POST /customers/{customerId}/kyc-link: a fresh single-use link to the hosted verification page. */
export async function createKycLinkAction(input: unknown): Promise<ActionResult<KycLink>> {
  const parsed = CustomerIdInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { customerId } = parsed.data;
  return callService((client) => client.POST("/customers/{customerId}/kyc-link", { params: { path: { customerId } }, body: {} }));
}
