"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { actionOk, invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { pickUnits, staleEdit, staleEditError } from "../_lib/stale-edit";
import { configToFormValues, SETTINGS_UNITS, SettingsFormSchema, type SettingsFormValues } from "./form-values";

type PlatformConfig = components["schemas"]["PlatformConfig"];
type ConfigUpdate = components["schemas"]["PlatformConfigUpdateRequest"];

const UpdateConfigInputSchema = z.object({ values: z.unknown(), openedWith: SettingsFormSchema });

/**
 * Saves the settings form with PATCH /config: only the fields this user changed since the page
 * was opened (`openedWith`), refused when someone else changed one of them meanwhile, so a stale
 * tab never writes back old values. The API's field errors come back keyed by field path.
 */
export async function updateConfigAction(input: unknown): Promise<ActionResult<PlatformConfig>> {
  const shaped = UpdateConfigInputSchema.safeParse(input);
  if (!shaped.success) return invalidInputResult(shaped.error);
  // Parsed on its own so that its errors are keyed by the form's field paths.
  const parsed = SettingsFormSchema.safeParse(shaped.data.values);
  if (!parsed.success) return invalidInputResult(parsed.error);
  // Compared as the form holds them (text), as configToFormValues shows what is stored now; both were checked above.
  const { values: edited, openedWith: opened } = input as { values: SettingsFormValues; openedWith: SettingsFormValues };
  const current = await callService((client) => client.GET("/config"));
  if (!current.ok) return current;
  const { changed, conflicts } = staleEdit(SETTINGS_UNITS, { opened, edited, current: configToFormValues(current.data) });
  if (conflicts.length > 0) return { ok: false, error: staleEditError(conflicts) };
  if (changed.length === 0) return actionOk(current.data);
  // Currency codes and field names round-trip from GET /config; the API checks the enums.
  const body = pickUnits(parsed.data, changed) as ConfigUpdate;
  const result = await callService((client) => client.PATCH("/config", { body }));
  if (result.ok) revalidatePath("/settings");
  return result;
}
