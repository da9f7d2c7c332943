// The browser's wallet session: memory plus sessionStorage (this tab only). The private key never
// leaves the browser: it is only used to sign, here.
import type { WalletKeyPair } from "./crypto";

export interface StoredWalletSession {
  key: WalletKeyPair;
  /** The server's signed note tying sessionId to key.publicKey (public, not secret). */
  binding: string;
  sessionId: string;
  expiresAt: string;
}

const memory = new Map<string, StoredWalletSession>();
const storageKey = (accountId: string) => `wallet-session:${accountId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadWalletSession(accountId: string): StoredWalletSession | null {
  const cached = memory.get(accountId);
  if (cached) return cached;
  const raw = storage()?.getItem(storageKey(accountId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredWalletSession;
    memory.set(accountId, parsed);
    return parsed;
  } catch {
    return null;
  }
}

export function saveWalletSession(accountId: string, session: StoredWalletSession): void {
  memory.set(accountId, session);
  storage()?.setItem(storageKey(accountId), JSON.stringify(session));
}

export function clearWalletSession(accountId: string): void {
  memory.delete(accountId);
  storage()?.removeItem(storageKey(accountId));
}

/**
 * The code step of an OTP sign-in (which method, the public bundle the code is encrypted to), kept
 * for this tab: a phone often discards the background tab while the user reads the code in their
 * mail app, and the code must still be accepted when the page comes back.
 */
export interface StoredOtpStep {
  methodId: string;
  bundle: { otpEncryptionTargetBundle: string; enclavePublicKey: string };
}

const otpStepKey = (accountId: string) => `wallet-otp-step:${accountId}`;

export function loadOtpStep(accountId: string): StoredOtpStep | null {
  try {
    const raw = storage()?.getItem(otpStepKey(accountId));
    return raw ? (JSON.parse(raw) as StoredOtpStep) : null;
  } catch {
    return null;
  }
}

export function saveOtpStep(accountId: string, step: StoredOtpStep | null): void {
  if (step) storage()?.setItem(otpStepKey(accountId), JSON.stringify(step));
  else storage()?.removeItem(otpStepKey(accountId));
}
