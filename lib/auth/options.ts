import type { NextAuthOptions, Session } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { services } from "@/lib/services";
import { findStaffSessionUser } from "@/lib/service/staff/find-staff-session-user";
import { isStaffError } from "@/lib/service/staff/staff-error";
import { endStaffSession, STAFF_SESSION_MAX_AGE_SECONDS } from "@/lib/service/staff/staff-sessions";
import { verifyStaffLogin, type StaffLogin } from "@/lib/service/staff/verify-staff-login";
import { readClientIp, signInIpMaxFailuresFromEnv } from "./client-ip";
import { lockoutSignInError, SIGN_IN_UNAVAILABLE } from "./sign-in-errors";

/** Failed sign-ins one client address may make per quarter hour (undefined: the default). */
const SIGN_IN_IP_MAX_FAILURES = signInIpMaxFailuresFromEnv();

/**
 * What the session callback answers for a session that is over: next-auth's getServerSession
 * answers null for an empty session, and /api/auth/session answers `{}`, which next-auth/react
 * reads as signed out.
 */
const ENDED_SESSION = {} as Session;

/**
 * What the session callback answers when the staff user could not be looked up (the database did
 * not answer). Thrown instead, next-auth would answer it as signed out (and /api/auth/session would
 * clear the cookie): the session is not over, only unreadable for a moment (lib/auth/session.ts).
 */
const UNAVAILABLE_SESSION = { isUnavailable: true } as Session;

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: STAFF_SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      // A thrown Error's message is what the login form receives (lib/auth/sign-in-errors.ts).
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        try {
          // Set by lib/server.ts from the socket, never by the client (lib/auth/client-ip.ts).
          const clientIp = readClientIp(req?.headers);
          const user = await verifyStaffLogin(await services().db(), credentials.email, credentials.password, { clientIp, ipMaxFailures: SIGN_IN_IP_MAX_FAILURES });
          return user ? { ...user } : null;
        } catch (e) {
          if (isStaffError(e) && (e.code === "TOO_MANY_ATTEMPTS" || e.code === "TOO_MANY_ATTEMPTS_FROM_IP"))
            throw new Error(lockoutSignInError(e.code, e.retryAfterSeconds ?? 60), { cause: e });
          // next-auth would hand this message to the browser and log nothing.
          console.error(JSON.stringify({ level: "error", msg: "staff sign-in failed", error: String(e) }));
          throw new Error(SIGN_IN_UNAVAILABLE, { cause: e });
        }
      },
    }),
  ],
  events: {
    // Signing out ends the session on the server, not only the cookie in this browser (next-auth
    // logs a failure here and clears the cookie anyway).
    async signOut({ token }) {
      if (token?.sessionId) await endStaffSession(await services().db(), token.sessionId);
    },
  },
  callbacks: {
    // The token keeps who signed in, with which password and which session (its StaffSession row);
    // role, name and platform are read fresh by the session callback.
    jwt({ token, user }) {
      if (user) {
        const staff = user as unknown as StaffLogin;
        token.staffId = staff.id;
        token.sessionStamp = staff.sessionStamp;
        token.sessionId = staff.sessionId;
      }
      return token;
    },
    // Runs for every getServerSession: one lookup by primary key, so a role change applies to the
    // next request and a removed user, a signed-out session (or a copy of its cookie) and a session
    // from before a password change are signed out.
    async session({ session, token }) {
      if (!token.staffId || !token.sessionStamp || !token.sessionId) return ENDED_SESSION;
      let staff;
      try {
        staff = await findStaffSessionUser(await services().db(), { staffId: token.staffId, sessionStamp: token.sessionStamp, sessionId: token.sessionId });
      } catch (e) {
        console.error(JSON.stringify({ level: "error", msg: "staff session could not be read", error: String(e) }));
        return UNAVAILABLE_SESSION;
      }
      if (!staff) return ENDED_SESSION;
      session.user = staff;
      return session;
    },
  },
};
