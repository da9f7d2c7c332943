import { randomBytes } from "node:crypto";

/** A new temporary staff password: 120 random bits as 20 URL-safe characters, strong and easy to copy without ambiguity. */
export function generateTemporaryPassword(): string {
  return randomBytes(15).toString("base64url");
}
