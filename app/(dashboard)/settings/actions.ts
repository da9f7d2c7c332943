"use server";

import { revalidatePath } from "next/cache";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { SettingsFormSchema } from "./form-values";

type PlatformConfig = components["schemas"]["PlatformConfig"];
type ConfigUpdate = components["schemas"]["PlatformConfigUpdateRequest"];

/** Saves the settings form with PATCH /config; the API's field errors come back keyed by field path. */
export async function updateConfigAction(input: unknown): Promise<ActionResult<PlatformConfig>> {
  const parsed = SettingsFormSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  // Currency codes and field names round-trip from GET /config; the API checks the enums.
  const body = parsed.data as ConfigUpdate;
  const result = await callService((client) => client.PATCH("/config", { body }));
  if (result.ok) revalidatePath("/settings");
  return result;
}
