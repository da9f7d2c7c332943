import { randomUUID } from "node:crypto";
import type { Db } from "../db";
import { isUuid } from "../http/ids";

/** A session id as startStaffSession makes it; anything else names no session (and must not reach a uuid column). */
export function isStaffSessionId(value: unknown): value is string {
  return typeof value === "string" && isUuid(value);
}

/** Staff sessions last a working day; after that the dashboard asks to sign in again. */
export const STAFF_SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/**
 * Opens a dashboard session for a staff user who just proved their password: the row the session
 * cookie names (findStaffSessionUser). A random id, so a session cannot be named by guessing.
 */
export async function startStaffSession(db: Db, staffUserId: string, now: Date): Promise<string> {
  const id = randomUUID();
  await db.staffSession.create({ data: { id, staffUserId, createdAt: now, expiresAt: new Date(now.getTime() + STAFF_SESSION_MAX_AGE_SECONDS * 1000) } });
  return id;
}

/** Sign-out: the session ends now, for every copy of its cookie. An unknown or ended session is a no-op. */
export async function endStaffSession(db: Db, sessionId: string): Promise<void> {
  if (isStaffSessionId(sessionId)) await db.staffSession.deleteMany({ where: { id: sessionId } });
}
