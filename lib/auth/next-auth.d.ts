import type { StaffRole } from "@/lib/service/staff/roles";

export type PlatformEnvironment = "SANDBOX" | "PRODUCTION";

declare module "next-auth" {
  interface Session {
    user: {
      id: string;
      email: string;
      name: string;
      role: StaffRole;
      platformId: string;
      platformName: string;
      environment: PlatformEnvironment;
      /** The password was set by someone else: the dashboard stays closed until the user chooses a new one (lib/auth/dashboard-access.ts). */
      hasTemporaryPassword: boolean;
    };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    staffId: string;
    /** Fingerprint of the password hash at sign-in (sessionStampOf); absent in tokens issued before it existed, which no longer count. */
    sessionStamp?: string;
  }
}
