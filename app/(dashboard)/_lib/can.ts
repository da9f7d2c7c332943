import type { Permission } from "@/lib/service/http/context";
import { ROLE_PERMISSIONS, type StaffRole } from "@/lib/service/staff/roles";

/**
 * Whether the signed-in member's role carries `permission`: the same map the dashboard's API calls
 * send (lib/client/server.ts), so a page offers exactly the actions the API will accept.
 * VIEW: every page; TRANSACT: payments, quotes, mint/burn, sandbox money, approvals; MANAGE:
 * configuration, tokens, customers, external accounts, cards, agents, stablecoin links.
 */
export function can(user: { role: StaffRole }, permission: Permission): boolean {
  return ROLE_PERMISSIONS[user.role].includes(permission);
}
