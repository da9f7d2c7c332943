"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { minorUnitsSchema } from "../_lib/amount-limits";
import { rememberInvitationCode } from "./_lib/recent-codes";

type Invitation = components["schemas"]["UmaInvitation"];

const optional = (max: number) => z.string().trim().max(max).optional().transform((t) => t || undefined);

// Shape only: the API checks the UMA address, the expiry and the platform's umaDomain.
const CreateInvitationInputSchema = z.object({
  inviterUma: z.string().trim().min(1, "Enter the inviting customer's UMA address").max(320),
  firstName: optional(255),
  /** Minor units as exact digits, more than 0 and exact as a JSON number. */
  amountToSend: minorUnitsSchema().optional(),
  /** ISO date-time with offset, from the browser's local date-time input. */
  expiresAt: optional(40),
});
const CodeInputSchema = z.object({ code: z.string().trim().min(1).max(64) });

/** POST /invitations; the code is remembered so the list shows it. */
export async function createInvitationAction(input: unknown): Promise<ActionResult<Invitation>> {
  const parsed = CreateInvitationInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { amountToSend, ...rest } = parsed.data;
  const body = { ...rest, ...(amountToSend && { amountToSend: Number(amountToSend) }) };
  const result = await callService((client) => client.POST("/invitations", { body }));
  if (!result.ok) return result;
  await rememberInvitationCode(result.data.code);
  revalidatePath("/invitations");
  return result;
}

/** POST /invitations/{code}/cancel: only the creating platform, only while PENDING. */
export async function cancelInvitationAction(input: unknown): Promise<ActionResult<Invitation>> {
  const parsed = CodeInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { code } = parsed.data;
  const result = await callService((client) => client.POST("/invitations/{invitationCode}/cancel", { params: { path: { invitationCode: code } } }));
  if (result.ok) revalidatePath("/invitations");
  return result;
}
