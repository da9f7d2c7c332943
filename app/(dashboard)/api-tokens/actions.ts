"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";

type ApiToken = components["schemas"]["ApiToken"];

// Shape only: the API owns the rules (name length, expiry in the future) and names the bad fields.
const CreateTokenInputSchema = z.object({
  name: z.string().max(10_000),
  permissions: z.array(z.enum(["VIEW", "TRANSACT", "MANAGE"])).max(3),
  expiresAt: z.string().max(100).optional(),
});

const RevokeTokenInputSchema = z.object({ tokenId: z.string().min(1).max(200) });

/** POST /tokens. The answer carries `clientSecret`, which the UI shows once and never again. */
export async function createTokenAction(input: unknown): Promise<ActionResult<ApiToken>> {
  const parsed = CreateTokenInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await callService((client) => client.POST("/tokens", { body: parsed.data }));
  if (result.ok) revalidatePath("/api-tokens");
  return result;
}

/** DELETE /tokens/{tokenId}: the token stops authenticating at once. */
export async function revokeTokenAction(input: unknown): Promise<ActionResult<null>> {
  const parsed = RevokeTokenInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await callService((client) => client.DELETE("/tokens/{tokenId}", { params: { path: { tokenId: parsed.data.tokenId } } }));
  if (!result.ok) return result;
  revalidatePath("/api-tokens");
  return { ok: true, data: null };
}
