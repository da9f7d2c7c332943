"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";

type AdvanceResult = components["schemas"]["SandboxClockAdvanceResult"];

// Shape only: the API owns the rules (a whole number of seconds, 1 s to 10 years) and names the field.
const AdvanceClockInputSchema = z.object({ seconds: z.coerce.number() });

/** POST /sandbox/clock/advance: the new time and every scheduled step that fell due, in order. */
export async function advanceClockAction(input: unknown): Promise<ActionResult<AdvanceResult>> {
  const parsed = AdvanceClockInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await callService((client) => client.POST("/sandbox/clock/advance", { body: { seconds: parsed.data.seconds } }));
  if (result.ok) revalidatePath("/sandbox");
  return result;
}
