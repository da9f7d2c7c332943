"use server";

import { revalidatePath } from "next/cache";
import { getActionSession } from "@/lib/auth/session";
import { actionOk, type ActionResult } from "@/lib/client/action-result";
import { services } from "@/lib/services";
import { bootstrapCredentialsFor } from "./_lib/bootstrap-credentials-for";

/** "I saved them": forget the first-start API credentials so they are never shown again. Only an admin of the platform they belong to. */
export async function dismissBootstrapCredentialsAction(): Promise<ActionResult<null>> {
  const access = await getActionSession();
  if (!access.ok) return access;
  if (access.data.user.role !== "ADMIN") return { ok: false, error: { code: "FORBIDDEN", message: "Only admins can do this." } };
  // Another platform's admin has nothing to dismiss, and must not learn that credentials are pending.
  if (bootstrapCredentialsFor(access.data.user)) services().pendingBootstrap = null;
  revalidatePath("/");
  return actionOk(null);
}
