// The check behind "the server shows nothing of an account until the browser proves a live
// session": kept free of the service wiring so it can be unit tested.
import { decodeStamp, verifyStamp } from "../crypto";
import { readBinding, readNonce, readWalletLinkToken, type WalletLinkClaims } from "./tokens";

/** What the browser sends to prove a live session: a fresh stamp over a server nonce. */
export interface SessionProof {
  link: string;
  binding: string;
  nonce: string;
  stamp: string;
}

export type ProofFailureCode = "LINK_INVALID" | "LINK_EXPIRED" | "SESSION_EXPIRED" | "PROOF_INVALID";

export type ProofResult = { ok: true; link: WalletLinkClaims; sessionId: string; publicKey: string } | { ok: false; code: ProofFailureCode; message: string };

const SIGN_IN_AGAIN = "Your wallet session has expired or was revoked. Sign in again.";

const USED_NONCES = Symbol.for("service-platform.wallet-pages.used-nonces.v1");

/**
 * Marks a nonce used (true the first time only), so a proof seen once (a proxy log, a HAR file)
 * cannot be sent again; kept until the nonce expires. On globalThis: Next bundles several copies
 * of this module into one process. The page makes a fresh proof for every action.
 */
function consumeNonce(n: string, expiresAtMs: number, nowMs: number): boolean {
  const g = globalThis as typeof globalThis & { [USED_NONCES]?: Map<string, number> };
  const used = (g[USED_NONCES] ??= new Map());
  // Entries are in about expiry order (every nonce lives one minute): drop the expired head.
  for (const [usedNonce, expiry] of used) {
    if (expiry > nowMs) break;
    used.delete(usedNonce);
  }
  if (used.has(n)) return false;
  used.set(n, expiresAtMs);
  return true;
}

export function checkLink(token: string, nowMs: number): { ok: true; claims: WalletLinkClaims } | { ok: false; code: ProofFailureCode; message: string } {
  const link = readWalletLinkToken(token, nowMs);
  if (link.ok) return link;
  return link.reason === "expired"
    ? { ok: false, code: "LINK_EXPIRED", message: "This wallet link has expired. Ask for a new link." }
    : { ok: false, code: "LINK_INVALID", message: "This wallet link is not valid. Use the exact link you were given." };
}

/**
 * Passes when the link is valid, the nonce is ours, fresh, for this account and not used before,
 * the stamp over it verifies with the key bound to the session at sign-in, and `activeSessionIds`
 * (the service's list for the account) still contains that session.
 */
export async function checkSessionProof(proof: SessionProof, nowMs: number, activeSessionIds: (accountId: string) => Promise<string[]>): Promise<ProofResult> {
  const link = checkLink(proof.link, nowMs);
  if (!link.ok) return link;
  const accountId = link.claims.accountId;
  const binding = readBinding(proof.binding, nowMs);
  if (!binding.ok || binding.claims.accountId !== accountId) return { ok: false, code: "SESSION_EXPIRED", message: SIGN_IN_AGAIN };
  const nonce = readNonce(proof.nonce, nowMs);
  if (!nonce.ok || nonce.claims.accountId !== accountId) return { ok: false, code: "PROOF_INVALID", message: "The page's proof of your session is stale. Reload the page." };
  let publicKey: string;
  try {
    publicKey = decodeStamp(proof.stamp).publicKey;
  } catch {
    return { ok: false, code: "PROOF_INVALID", message: "The page could not prove your session. Reload the page." };
  }
  if (publicKey !== binding.claims.publicKey || !verifyStamp(proof.stamp, proof.nonce)) {
    return { ok: false, code: "PROOF_INVALID", message: "The page could not prove your session. Sign in again." };
  }
  if (!consumeNonce(nonce.claims.n, nonce.claims.exp * 1000, nowMs)) return { ok: false, code: "PROOF_INVALID", message: "This proof of your session was already used. Sign in again." };
  if (!(await activeSessionIds(accountId)).includes(binding.claims.sessionId)) return { ok: false, code: "SESSION_EXPIRED", message: SIGN_IN_AGAIN };
  return { ok: true, link: link.claims, sessionId: binding.claims.sessionId, publicKey };
}
