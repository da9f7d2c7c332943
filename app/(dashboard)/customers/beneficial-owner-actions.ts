"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { OwnerFormSchema, toCreateOwnerRequest, toUpdateOwnerRequest } from "./_lib/owner-form-values";

type BeneficialOwner = components["schemas"]["BeneficialOwner"];

const CreateOwnerInputSchema = z.object({ customerId: z.string().min(1).max(200), values: OwnerFormSchema });
const UpdateOwnerInputSchema = z.object({ beneficialOwnerId: z.string().min(1).max(200), values: OwnerFormSchema });

/** POST /beneficial-owners: an owner, director or control person of a business; errors keyed by field path. */
export async function createBeneficialOwnerAction(input: unknown): Promise<ActionResult<BeneficialOwner>> {
  const parsed = CreateOwnerInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const body = toCreateOwnerRequest(parsed.data.customerId, parsed.data.values);
  const result = await callService((client) => client.POST("/beneficial-owners", { body }));
  if (result.ok) revalidatePath("/customers", "layout");
  return result;
}

/** PATCH /beneficial-owners/{id}: the form's fields; personalInfo merges field by field. */
export async function updateBeneficialOwnerAction(input: unknown): Promise<ActionResult<BeneficialOwner>> {
  const parsed = UpdateOwnerInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { beneficialOwnerId, values } = parsed.data;
  const body = toUpdateOwnerRequest(values);
  const result = await callService((client) => client.PATCH("/beneficial-owners/{beneficialOwnerId}", { params: { path: { beneficialOwnerId } }, body }));
  if (result.ok) revalidatePath("/customers", "layout");
  return result;
}
