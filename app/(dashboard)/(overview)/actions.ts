"use server";

import { revalidatePath } from "next/cache";
import { getActionSession } from "@/lib/auth/session";
import { actionOk, type ActionResult } from "@/lib/client/action-result";
import { services } from "@/lib/services";

/** "I saved them": forget the first-start API credentials so they are never shown again. Admins only. */
export async function dismissBootstrapCredentialsAction(): Promise<ActionResult<null>> {
  const access = await getActionSession();
  if (!access.ok) return access;
  if (access.data.user.role !== "ADMIN") return { ok: false, error: { code: "FORBIDDEN", message: "Only admins can do this." } };
  services().pendingBootstrap = null;
  revalidatePath("/");
  return actionOk(null);
}
