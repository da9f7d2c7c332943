import type { WalletAuthMethod } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { MAX_OTP_FAILED_ATTEMPTS, OTP_REISSUE_INTERVAL_MS } from "./wallet-auth-config";

export interface OtpReissueWait {
  /** Milliseconds until a new code may be issued; 0 = now. */
  waitMs: number;
  /** The last code took MAX_OTP_FAILED_ATTEMPTS wrong codes and accepts no more (it is not "still valid"). */
  isLastCodeSpent: boolean;
}

/**
 * When POST /auth/credentials/{id}/challenge may issue the next OTP: 30 s of sandbox time after the
 * last issuance, but only while that code can still be used. Once it expired (embeddedWalletConfig
 * `expirationSeconds` may be shorter than 30 s) or was used, a new code is issued at once, so verify's
 * "call challenge for a fresh code" and the challenge never contradict each other. A code spent by
 * wrong guesses still counts until it expires: at most 5 guesses per 30 s.
 */
export async function otpReissueWait(tx: Tx, method: WalletAuthMethod, at: Date): Promise<OtpReissueWait> {
  if (!method.lastOtpIssuedAt) return { waitMs: 0, isLastCodeSpent: false };
  const last = await tx.walletOtpChallenge.findFirst({ where: { platformId: method.platformId, authMethodId: method.id }, orderBy: { createdAt: "desc" } });
  if (!last || last.consumedAt) return { waitMs: 0, isLastCodeSpent: false };
  const until = Math.min(method.lastOtpIssuedAt.getTime() + OTP_REISSUE_INTERVAL_MS, last.expiresAt.getTime());
  return { waitMs: Math.max(0, until - at.getTime()), isLastCodeSpent: last.failedAttempts >= MAX_OTP_FAILED_ATTEMPTS };
}
