"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { actionOk, invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";

type Customer = components["schemas"]["CustomerOneOf"];

const ChannelInputSchema = z.object({ customerId: z.string().min(1).max(200), channel: z.enum(["email", "phone"]) });
const ConfirmInputSchema = ChannelInputSchema.extend({ code: z.string().trim().min(1, "Enter the code").max(32) });

/** POST /customers/{id}/verify-email|verify-phone: sends (or resends) the code; sandbox code 123456. */
export async function sendContactCodeAction(input: unknown): Promise<ActionResult<null>> {
  const parsed = ChannelInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const path = { customerId: parsed.data.customerId };
  const result = await callService((client) =>
    parsed.data.channel === "email" ? client.POST("/customers/{customerId}/verify-email", { params: { path } }) : client.POST("/customers/{customerId}/verify-phone", { params: { path } }),
  );
  return result.ok ? actionOk(null) : result;
}

/** POST /customers/{id}/verify-…/confirm: the channel becomes VERIFIED, or INVALID_INPUT for a wrong code. */
export async function confirmContactCodeAction(input: unknown): Promise<ActionResult<Customer>> {
  const parsed = ConfirmInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { customerId, channel, code } = parsed.data;
  const options = { params: { path: { customerId } }, body: { code } };
  const result = await callService((client) =>
    channel === "email" ? client.POST("/customers/{customerId}/verify-email/confirm", options) : client.POST("/customers/{customerId}/verify-phone/confirm", options),
  );
  if (result.ok) revalidatePath("/customers", "layout");
  return result;
}
