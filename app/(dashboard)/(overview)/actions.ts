"use server";

import { revalidatePath } from "next/cache";
import { getStaffSession } from "@/lib/auth/session";
import { actionOk, type ActionResult } from "@/lib/client/action-result";
import { services } from "@/lib/services";

/** "I saved them": forget the first-start API credentials so they are never shown again. Admins only. */
export async function dismissBootstrapCredentialsAction(): Promise<ActionResult<null>> {
  const session = await getStaffSession();
  if (!session?.user) return { ok: false, error: { code: "UNAUTHENTICATED", message: "Your session has ended. Sign in again." } };
  if (session.user.role !== "ADMIN") return { ok: false, error: { code: "FORBIDDEN", message: "Only admins can do this." } };
  services().pendingBootstrap = null;
  revalidatePath("/");
  return actionOk(null);
}
