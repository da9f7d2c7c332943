import "server-only";
import { cache } from "react";
import { getServerSession, type Session } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "./options";

/** The signed-in staff session, or a redirect to /login. Cached per request (layout + page). */
export const requireSession = cache(async (): Promise<Session> => {
  const session = await getServerSession(authOptions);
  if (!session?.user) redirect("/login");
  return session;
});
