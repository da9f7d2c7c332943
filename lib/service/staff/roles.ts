import type { Permission } from "../http/context";

export type StaffRole = "ADMIN" | "OPERATOR" | "SUPPORT";

/** Staff roles map onto token permissions: admin manages, operators transact, support views. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  ADMIN: ["VIEW", "TRANSACT", "MANAGE"],
  OPERATOR: ["VIEW", "TRANSACT"],
  SUPPORT: ["VIEW"],
};
