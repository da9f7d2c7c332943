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
