import type { ActionResult } from "@/lib/client/action-result";
import { stampPayload } from "@/lib/wallet/crypto";
import type { SessionProof } from "@/lib/wallet/server/service";
import type { StoredWalletSession } from "@/lib/wallet/session-store";
import { finishRevokeSession, startRevokeSession, walletNonce } from "../actions";
import { callWalletAction } from "./call-wallet-action";

/** Proves the tab's session for one action: the session key's stamp over a fresh server nonce. */
export async function sessionProof(link: string, session: Pick<StoredWalletSession, "key" | "binding">): Promise<ActionResult<SessionProof>> {
  const nonce = await callWalletAction(walletNonce, link);
  if (!nonce.ok) return nonce;
  return { ok: true, data: { link, binding: session.binding, nonce: nonce.data, stamp: stampPayload(nonce.data, session.key) } };
}

/**
 * Sign out: revokes the tab's session on the server (the signed DELETE /auth/sessions/{id} of the
 * Sessions card), so a copy of its key stops working too. A session already ended counts as ended.
 */
export async function endWalletSession(link: string, session: StoredWalletSession): Promise<ActionResult<null>> {
  const ended = { ok: true as const, data: null };
  const first = await sessionProof(link, session);
  const challenge = first.ok ? await callWalletAction(startRevokeSession, first.data, session.sessionId) : first;
  if (!challenge.ok) return challenge.error.code === "SESSION_EXPIRED" ? ended : challenge;
  const second = await sessionProof(link, session);
  const signature = stampPayload(challenge.data.payloadToSign, session.key);
  const revoked = second.ok ? await callWalletAction(finishRevokeSession, second.data, session.sessionId, challenge.data.requestId, signature) : second;
  return revoked.ok ? ended : revoked;
}
