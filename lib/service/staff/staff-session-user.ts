import type { StaffRole } from "./roles";

/** Who is signed in to the dashboard, as the session shows it. */
export interface StaffSessionUser {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  platformId: string;
  platformName: string;
  environment: "SANDBOX" | "PRODUCTION";
  /** Set by an admin (or generated at first start): the user must choose a new password before using the dashboard. */
  hasTemporaryPassword: boolean;
}

/** The columns a session needs: one row by primary key, with the platform's name and environment. */
export const STAFF_SESSION_SELECT = {
  id: true,
  email: true,
  name: true,
  role: true,
  platformId: true,
  passwordHash: true,
  hasTemporaryPassword: true,
  platform: { select: { name: true, environment: true } },
} as const;

export function toStaffSessionUser(row: {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  platformId: string;
  hasTemporaryPassword: boolean;
  platform: { name: string; environment: "SANDBOX" | "PRODUCTION" };
}): StaffSessionUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    platformId: row.platformId,
    platformName: row.platform.name,
    environment: row.platform.environment,
    hasTemporaryPassword: row.hasTemporaryPassword,
  };
}
