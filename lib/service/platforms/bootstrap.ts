import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import { createPlatform } from "./create-platform";
import { createStaffUser } from "../staff/create-staff-user";
import { createToken } from "../tokens/create-token";

export interface BootstrapResult {
  /** The platform created: only its admins may be shown the credentials. */
  platformId: string;
  adminEmail: string;
  adminPassword: string;
  clientId: string;
  clientSecret: string;
}

/**
 * First start with an empty database: a sandbox platform, an admin and an all-permission API token.
 * Fixed values come from BOOTSTRAP_* variables (automation), random ones otherwise. Returns null
 * when a platform already exists (also when another server made it a moment ago). The one-time credentials are stored nowhere but the caller's output.
 */
export async function bootstrapIfEmpty(db: Db, env: Record<string, string | undefined> = process.env): Promise<BootstrapResult | null> {
  if ((await db.platform.count()) > 0) return null;
  const adminEmail = env.BOOTSTRAP_ADMIN_EMAIL || "admin@example.com";
  const adminPassword = env.BOOTSTRAP_ADMIN_PASSWORD || randomBytes(12).toString("base64url");
  return db.$transaction(async (tx) => {
    // Servers starting together on an empty database: one bootstraps, the others wait here and
    // find its platform (they crashed on the admin's unique email before).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('bootstrap', 0))`;
    if ((await tx.platform.count()) > 0) return null;
    const platform = await createPlatform(tx, { name: "Sandbox Platform" });
    // A generated password is printed to the server's output (terminal scrollback, log collectors),
    // so it is temporary: the admin chooses their own at first sign-in. One set through
    // BOOTSTRAP_ADMIN_PASSWORD was chosen by whoever runs the server (automation, CI) and stays.
    const hasTemporaryPassword = !env.BOOTSTRAP_ADMIN_PASSWORD;
    await createStaffUser(tx, { platformId: platform.id, email: adminEmail, name: "Admin", role: "ADMIN", password: adminPassword, hasTemporaryPassword });
    const token = await createToken(tx, {
      platformId: platform.id,
      name: "Bootstrap token",
      permissions: ["VIEW", "TRANSACT", "MANAGE"],
      clientId: env.BOOTSTRAP_API_CLIENT_ID || undefined,
      clientSecret: env.BOOTSTRAP_API_CLIENT_SECRET || undefined,
    });
    return { platformId: platform.id, adminEmail, adminPassword, clientId: token.clientId, clientSecret: token.clientSecret! };
  });
}
