import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { services } from "@/lib/services";
import { verifyStaffLogin } from "@/lib/service/staff/verify-staff-login";
import type { StaffRole } from "@/lib/service/staff/roles";
import type { PlatformEnvironment } from "./next-auth";

/** Staff sessions last a working day; after that the dashboard asks to sign in again. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        if (!credentials?.email || !credentials.password) return null;
        const user = await verifyStaffLogin(await services().db(), credentials.email, credentials.password);
        return user ? { ...user } : null;
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        const staff = user as unknown as {
          id: string;
          role: StaffRole;
          platformId: string;
          platformName: string;
          environment: PlatformEnvironment;
        };
        token.staffId = staff.id;
        token.role = staff.role;
        token.platformId = staff.platformId;
        token.platformName = staff.platformName;
        token.environment = staff.environment;
      }
      return token;
    },
    session({ session, token }) {
      session.user = {
        id: token.staffId,
        email: token.email ?? "",
        name: token.name ?? "",
        role: token.role,
        platformId: token.platformId,
        platformName: token.platformName,
        environment: token.environment ?? "SANDBOX",
      };
      return session;
    },
  },
};
