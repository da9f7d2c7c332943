"use server";

import { getActionSession } from "@/lib/auth/session";
import { actionClient, callWith } from "@/lib/client/call-service";
import { actionOk, type ActionResult } from "@/lib/client/action-result";
import { createWalletLinkToken } from "@/lib/wallet/server/tokens";
import { can } from "../_lib/can";
import { collectPendingWalletApprovals, type PendingWalletApproval } from "./_lib/pending-wallet-approvals";

export interface WalletCardData {
  accountId: string;
  status: string;
  credentials: { id: string; type: string; nickname: string; createdAt: string }[];
  sessions: { id: string; type: string; nickname: string; createdAt: string; expiresAt: string }[];
  /** Payments from the wallet waiting for the end user's signature (PENDING quote executions), newest first. */
  pendingApprovals: PendingWalletApproval[];
  /** More wait than pendingApprovals holds (MAX_PENDING_APPROVALS). */
  hasMorePendingApprovals: boolean;
}

/** The customer's embedded wallet with its credentials and active sessions (read-only), or null. */
export async function loadWalletCard(customerId: string): Promise<ActionResult<WalletCardData | null>> {
  // One client for all the card's calls: each callService would read the session again.
  const signedIn = await actionClient();
  if (!signedIn.ok) return signedIn;
  const client = signedIn.data;
  const accounts = await callWith(client, (c) => c.GET("/customers/internal-accounts", { params: { query: { customerId, type: "EMBEDDED_WALLET" as never, limit: 10 } } }));
  if (!accounts.ok) return accounts;
  const wallet = accounts.data.data.find((a) => a.type === "EMBEDDED_WALLET");
  if (!wallet) return actionOk(null);
  const [credentials, sessions, pending] = await Promise.all([
    callWith(client, (c) => c.GET("/auth/credentials", { params: { query: { accountId: wallet.id } } })),
    callWith(client, (c) => c.GET("/auth/sessions", { params: { query: { accountId: wallet.id } } })),
    collectPendingWalletApprovals((cursor) =>
      callWith(client, (c) => c.GET("/transactions", { params: { query: { senderAccountIdentifier: wallet.id, type: "OUTGOING", status: "PENDING", limit: 100, cursor } } })),
    ),
  ]);
  if (!credentials.ok) return credentials;
  if (!sessions.ok) return sessions;
  if (pending.error) return { ok: false, error: pending.error };
  return actionOk({
    accountId: wallet.id,
    status: wallet.status,
    credentials: credentials.data.data.map((c) => ({ id: c.id, type: c.type, nickname: c.nickname, createdAt: c.createdAt })),
    sessions: sessions.data.data.map((s) => ({ id: s.id ?? "", type: s.type, nickname: s.nickname, createdAt: s.createdAt, expiresAt: s.expiresAt })),
    pendingApprovals: pending.items,
    hasMorePendingApprovals: pending.hasMore,
  });
}

/** A signed link (24 h) to the customer's wallet pages; with `quoteId`, the page asks to approve that quote. Needs TRANSACT. */
export async function createWalletLink(customerId: string, quoteId?: string): Promise<ActionResult<{ path: string; expiresAt: string }>> {
  const access = await getActionSession();
  if (!access.ok) return access;
  const { user } = access.data;
  // The link lets the end user approve payments: a role that cannot make them cannot hand it out
  // either. No API call checks this (the token is signed here), so the action does.
  if (!can(user, "TRANSACT")) return { ok: false, error: { code: "FORBIDDEN", message: "Your role cannot create wallet links. Ask an admin or operator." } };
  const card = await loadWalletCard(customerId);
  if (!card.ok) return card;
  if (!card.data) return { ok: false, error: { code: "NOT_FOUND", message: "This customer has no embedded wallet." } };
  const { token, expiresAt } = createWalletLinkToken({ platformId: user.platformId, accountId: card.data.accountId, customerId }, Date.now());
  const path = `/wallet/${encodeURIComponent(token)}${quoteId ? `?quote=${encodeURIComponent(quoteId)}` : ""}`;
  return actionOk({ path, expiresAt });
}
