"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { actionOk, invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { staleEdit, staleEditError } from "../_lib/stale-edit";

type Agent = components["schemas"]["Agent"];
type AgentAction = components["schemas"]["AgentAction"];
type DeviceCode = components["schemas"]["AgentDeviceCode"];

const PATH = "/agents";
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The policy as the form builds it (amounts already in the currency's smallest unit). */
const PolicySchema = z.object({
  permissions: z.array(z.enum(["VIEW_TRANSACTIONS", "CREATE_TRANSFERS", "CREATE_QUOTES", "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS"])),
  defaultExecutionMode: z.enum(["AUTO", "APPROVAL_REQUIRED"]),
  spendingLimits: z.object({ currency: z.string().min(3).max(5), perTransactionLimit: minor, dailyLimit: minor.nullable(), dailyTransactionLimit: minor.optional(), monthlyLimit: minor.nullable() }),
  accountRestrictions: z.object({ allowedAccountIds: z.array(z.string().min(1).max(200)).nullable() }),
  approvalThresholds: z.object({ currency: z.string().min(3).max(5), amount: minor.nullable() }),
});

const CreateSchema = z.object({ name: z.string().trim().min(1, "is required").max(255), customerId: z.string().min(1, "choose a customer").max(200), policy: PolicySchema });

export async function createAgentAction(input: unknown): Promise<ActionResult<{ agent: Agent; deviceCode: DeviceCode }>> {
  const parsed = CreateSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await callService((client) => client.POST("/agents", { body: parsed.data }));
  if (result.ok) revalidatePath(PATH);
  return result;
}

const IdSchema = z.object({ agentId: z.string().min(1).max(200) });

/**
 * PATCH /agents/{agentId}/policy: the whole policy, so it is refused when the policy is no longer
 * the one the editor was opened with (`openedWith`): a stale editor never writes back old limits.
 */
export async function updatePolicyAction(input: unknown): Promise<ActionResult<Agent>> {
  const parsed = IdSchema.extend({ policy: PolicySchema, openedWith: z.unknown() }).safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const current = await callService((client) => client.GET("/agents/{agentId}", { params: { path: { agentId: parsed.data.agentId } } }));
  if (!current.ok) return current;
  const { changed, conflicts } = staleEdit(["policy"], { opened: { policy: parsed.data.openedWith }, edited: { policy: parsed.data.policy }, current: { policy: current.data.policy } });
  // Unchanged: nothing to write (writing it would put back the opened policy over another admin's change).
  if (changed.length === 0) return actionOk(current.data);
  if (conflicts.length > 0) return { ok: false, error: { ...staleEditError([]), message: "Someone else changed this agent's policy since you opened the editor, so nothing was saved. Cancel, check the policy shown, then edit it again." } };
  const result = await callService((client) => client.PATCH("/agents/{agentId}/policy", { params: { path: { agentId: parsed.data.agentId } }, body: parsed.data.policy }));
  if (result.ok) revalidatePath(PATH, "layout");
  return result;
}

export async function setPausedAction(input: unknown): Promise<ActionResult<Agent>> {
  const parsed = IdSchema.extend({ isPaused: z.boolean() }).safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await callService((client) => client.PATCH("/agents/{agentId}", { params: { path: { agentId: parsed.data.agentId } }, body: { isPaused: parsed.data.isPaused } }));
  if (result.ok) revalidatePath(PATH, "layout");
  return result;
}

export async function issueDeviceCodeAction(input: unknown): Promise<ActionResult<DeviceCode>> {
  const parsed = IdSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  return callService((client) => client.POST("/agents/{agentId}/device-codes", { params: { path: { agentId: parsed.data.agentId } } }));
}

/** Polled while a device code is shown: has the agent software redeemed it yet? */
export async function deviceCodeStatusAction(input: unknown): Promise<ActionResult<{ code: string; redeemed: boolean }>> {
  const parsed = z.object({ code: z.string().min(1).max(64) }).safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  return callService((client) => client.GET("/agents/device-codes/{code}/status", { params: { path: { code: parsed.data.code } } }));
}

export async function deleteAgentAction(input: unknown): Promise<ActionResult<unknown>> {
  const parsed = IdSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await callService((client) => client.DELETE("/agents/{agentId}", { params: { path: { agentId: parsed.data.agentId } } }));
  if (result.ok) revalidatePath(PATH, "layout");
  return result;
}

const DecisionSchema = IdSchema.extend({ actionId: z.string().min(1).max(200), decision: z.enum(["approve", "reject"]), reason: z.string().trim().max(1000).optional() });

/** Approve (the service re-checks the policy and runs it) or reject a pending agent action. */
export async function decideAgentAction(input: unknown): Promise<ActionResult<AgentAction>> {
  const parsed = DecisionSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { agentId, actionId, decision, reason } = parsed.data;
  const path = { agentId, actionId };
  const result =
    decision === "approve"
      ? await callService((client) => client.POST("/agents/{agentId}/actions/{actionId}/approve", { params: { path } }))
      : await callService((client) => client.POST("/agents/{agentId}/actions/{actionId}/reject", { params: { path }, body: reason ? { reason } : {} }));
  if (result.ok) revalidatePath(PATH, "layout");
  return result;
}
