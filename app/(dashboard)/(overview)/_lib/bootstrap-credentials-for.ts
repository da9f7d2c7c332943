import "server-only";
import type { StaffSessionUser } from "@/lib/service/staff/staff-session-user";
import type { BootstrapResult } from "@/lib/service/platforms/bootstrap";
import { services } from "@/lib/services";

/**
 * The first start's API credentials if `user` may see and dismiss them: an admin of the platform the
 * first start created. Other platforms on the same server must never reach that platform's token.
 */
export function bootstrapCredentialsFor(user: Pick<StaffSessionUser, "role" | "platformId">): BootstrapResult | null {
  const pending = services().pendingBootstrap;
  return pending && user.role === "ADMIN" && pending.platformId === user.platformId ? pending : null;
}
