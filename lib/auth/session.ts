import "server-only";
import { cache } from "react";
import { getServerSession, type Session } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "./options";

/**
 * The signed-in staff session, or null. Each call looks the staff user up (authOptions' session
 * callback), so the role is the current one; cached per request so a layout, its page and their
 * service client share one lookup.
 */
export const getStaffSession = cache(async (): Promise<Session | null> => {
  const session = await getServerSession(authOptions);
  return session?.user ? session : null;
});

/** The signed-in staff session, or a redirect to /login (also for a removed user). */
export const requireSession = cache(async (): Promise<Session> => {
  const session = await getStaffSession();
  if (!session) redirect("/login");
  return session;
});
