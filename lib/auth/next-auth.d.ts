import type { StaffSessionUser } from "@/lib/service/staff/staff-session-user";

declare module "next-auth" {
  interface Session {
    /** The staff user as of this request (authOptions' session callback, findStaffSessionUser). */
    user: StaffSessionUser;
    /** Set, without a user, when the staff user could not be looked up (the database unavailable): not signed out. */
    isUnavailable?: true;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    staffId: string;
    /** Fingerprint of the password hash at sign-in (sessionStampOf); absent in tokens issued before it existed, which no longer count. */
    sessionStamp?: string;
    /** The StaffSession row this sign-in opened (startStaffSession); sign-out deletes it. Absent in tokens issued before it existed, which no longer count. */
    sessionId?: string;
  }
}
