"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { getActionSession } from "@/lib/auth/session";
import { invalidInputResult, type ActionError, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import type { ReceiverLog } from "@/lib/services";
import { previousEndpoint, receiverLog, rememberPreviousEndpoint } from "@/app/api/webhook-receiver/_lib/received-webhooks";
import { webhookReceiverUrl } from "@/app/api/webhook-receiver/_lib/receiver-url";

type TestWebhookResponse = components["schemas"]["TestWebhookResponse"];
type PlatformConfig = components["schemas"]["PlatformConfig"];
type WebhookEvent = components["schemas"]["WebhookEvent"];

const ReceiverToggleInputSchema = z.object({
  isEnabled: z.boolean(),
  /** The endpoint shown when the toggle was turned on, restored when it is turned off. */
  currentEndpoint: z.string().max(2048).optional(),
});

const EventIdInputSchema = z.object({ eventId: z.string().min(1).max(200) });

/** A failed delivery says why (`details.reason`: "endpoint answered HTTP 500", "ECONNREFUSED", …). */
export type TestWebhookResult = { ok: true; data: TestWebhookResponse } | { ok: false; error: ActionError & { reason?: string } };

/** POST /webhooks/test: the endpoint's answer, or WEBHOOK_ENDPOINT_NOT_SET / WEBHOOK_DELIVERY_ERROR with the reason. */
export async function sendTestWebhookAction(): Promise<TestWebhookResult> {
  let reason: unknown;
  const result = await callService(async (client) => {
    const answer = await client.POST("/webhooks/test");
    reason = answer.error?.details?.reason;
    return answer;
  });
  revalidatePath("/webhooks"); // delivered or not, the test event and its attempt are now listed
  if (result.ok || typeof reason !== "string") return result;
  return { ok: false, error: { ...result.error, reason } };
}

/** Points webhookEndpoint at the built-in receiver, or back at the endpoint it replaced (none if unknown). */
export async function setBuiltInReceiverAction(input: unknown): Promise<ActionResult<PlatformConfig>> {
  const parsed = ReceiverToggleInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const access = await getActionSession();
  if (!access.ok) return access;
  const { platformId } = access.data.user;
  const receiverUrl = webhookReceiverUrl(platformId);
  const webhookEndpoint = parsed.data.isEnabled ? receiverUrl : (previousEndpoint(platformId) ?? null);
  const result = await callService((client) => client.PATCH("/config", { body: { webhookEndpoint } }));
  if (!result.ok) return result;
  if (!parsed.data.isEnabled) rememberPreviousEndpoint(platformId, undefined);
  else if (parsed.data.currentEndpoint !== receiverUrl) rememberPreviousEndpoint(platformId, parsed.data.currentEndpoint || undefined);
  revalidatePath("/webhooks");
  return result;
}

/** POST /webhooks/events/{eventId}/replay: the same envelope, queued for delivery now. */
export async function replayWebhookEventAction(input: unknown): Promise<ActionResult<WebhookEvent>> {
  const parsed = EventIdInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { eventId } = parsed.data;
  const result = await callService((client) => client.POST("/webhooks/events/{eventId}/replay", { params: { path: { eventId } } }));
  if (result.ok) revalidatePath("/webhooks", "layout"); // the list and the event's own page
  return result;
}

/** What the built-in receiver got for the signed-in user's platform, newest first, and how many posts it refused (memory, not the API). */
export async function listReceivedWebhooksAction(): Promise<ActionResult<ReceiverLog>> {
  const access = await getActionSession();
  if (!access.ok) return access;
  return { ok: true, data: receiverLog(access.data.user.platformId) };
}
