import "server-only";
import type { ServiceClient } from "@/lib/client/create-client";
import { platformClient as sharedPlatformClient } from "@/lib/client/platform-client";
import { checkLink, checkSessionProof, type SessionProof } from "./proof";
import type { WalletLinkClaims } from "./tokens";

/** A failure the wallet pages show as is; `code` lets the page decide (sign in again, …). */
export class WalletPageError extends Error {
  constructor(
    readonly code: "LINK_INVALID" | "LINK_EXPIRED" | "SESSION_EXPIRED" | "PROOF_INVALID" | "NOT_FOUND" | "WALLET_CLOSED",
    message: string,
  ) {
    super(message);
  }
}

/** The Service API as the platform's own app calls it, for the platform the wallet link names. */
export function platformClient(platformId: string): ServiceClient {
  return sharedPlatformClient(platformId, { name: "wallet-pages", permissions: ["VIEW", "TRANSACT"] });
}

export type { SessionProof } from "./proof";

export function openLink(token: string): WalletLinkClaims {
  const link = checkLink(token, Date.now());
  if (!link.ok) throw new WalletPageError(link.code, link.message);
  return link.claims;
}

/**
 * The link's claims and platform client, once the link is valid and its customer not deleted: a
 * deleted customer's wallet neither signs in nor shows anything (BEHAVIORS.md §1.2, 410 afterwards).
 */
export async function openLiveLink(token: string): Promise<{ claims: WalletLinkClaims; client: ServiceClient }> {
  const claims = openLink(token);
  const client = platformClient(claims.platformId);
  const customer = await client.GET("/customers/{customerId}", { params: { path: { customerId: claims.customerId } } });
  if (customer.data?.isDeleted) throw new WalletPageError("WALLET_CLOSED", "This wallet is closed: its customer account was deleted, so it can no longer sign in or approve payments.");
  return { claims, client };
}

export interface ProvenSession {
  link: WalletLinkClaims;
  client: ServiceClient;
  sessionId: string;
  publicKey: string;
}

/** Shows nothing of an account until the browser proved a live session (see checkSessionProof). */
export async function proveSession(proof: SessionProof): Promise<ProvenSession> {
  const { client } = await openLiveLink(proof.link);
  const result = await checkSessionProof(proof, Date.now(), async (accountId) => {
    const { data } = await client.GET("/auth/sessions", { params: { query: { accountId } } });
    return (data?.data ?? []).map((s) => s.id ?? "");
  });
  if (!result.ok) throw new WalletPageError(result.code, result.message);
  return { link: result.link, client, sessionId: result.sessionId, publicKey: result.publicKey };
}
