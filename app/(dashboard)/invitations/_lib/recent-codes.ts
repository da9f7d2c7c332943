import "server-only";
import { cookies } from "next/headers";

/**
 * The API has no invitation list (only GET /invitations/{code}), so the dashboard remembers the
 * codes created from this browser, newest first, and looks each one up.
 */
const COOKIE = "recent-invitation-codes";
const MAX_CODES = 20;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export async function recentInvitationCodes(): Promise<string[]> {
  const value = (await cookies()).get(COOKIE)?.value ?? "";
  return value.split(",").filter((c) => CODE.test(c)).slice(0, MAX_CODES);
}

export async function rememberInvitationCode(code: string): Promise<void> {
  if (!CODE.test(code)) return;
  const codes = [code, ...(await recentInvitationCodes()).filter((c) => c !== code)].slice(0, MAX_CODES);
  (await cookies()).set(COOKIE, codes.join(","), { httpOnly: true, sameSite: "lax", path: "/invitations", maxAge: 90 * 24 * 60 * 60 });
}
