import { createHash } from "node:crypto";

/**
 * A short fingerprint of the password hash, carried in the staff session (an encrypted JWT). Every
 * password change makes a new salt and so a new stamp: sessions signed in with the old password stop
 * matching and are signed out on their next request.
 */
export function sessionStampOf(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);
}
