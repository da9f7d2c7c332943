// Test-only (imported by *.test.ts files): dashboard sessions for server-action and page tests.
import type { Session } from "next-auth";
import type { Db } from "@/lib/service/db";
import { verifyStaffLogin } from "@/lib/service/staff/verify-staff-login";

/** A session as next-auth builds it after this staff member signs in. */
export async function staffSessionOf(db: Db, email: string, password: string): Promise<Session> {
  const login = await verifyStaffLogin(db, email, password);
  if (!login) throw new Error(`cannot sign in as ${email}`);
  const { sessionStamp: _stamp, sessionId: _id, ...user } = login;
  return { expires: "2099-01-01T00:00:00.000Z", user };
}
