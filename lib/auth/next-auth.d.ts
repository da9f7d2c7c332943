import type { StaffRole } from "@/lib/service/staff/roles";

export type PlatformEnvironment = "SANDBOX" | "PRODUCTION";

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string; role: StaffRole; platformId: string; platformName: string; environment: PlatformEnvironment };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    staffId: string;
    role: StaffRole;
    platformId: string;
    platformName: string;
    /** Absent in tokens issued before the field existed. */
    environment?: PlatformEnvironment;
  }
}
