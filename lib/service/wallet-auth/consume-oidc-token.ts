import type { Tx } from "../db";
import { ServiceError } from "../http/errors";
import type { OidcIdentity } from "./oidc-token";

/** A token is refused anyway once its iat is more than 65 s old; a far-off `exp` needs no longer record. */
const KEEP_AT_MOST_MS = 24 * 60 * 60 * 1000;

/**
 * Marks a checked OIDC token as used for a wallet session: one session per token (its claims) per
 * platform while the token is valid, so a token replayed within its iat window opens no second
 * session. Throws 401 UNAUTHORIZED reason "OIDC token already used". Rows past the token's exp (at
 * most a day) go: such a token fails the exp or iat check anyway.
 */
export async function consumeOidcToken(tx: Tx, input: { platformId: string; token: Pick<OidcIdentity, "claimsHash" | "exp">; at: Date }): Promise<void> {
  const { platformId, token, at } = input;
  await tx.walletOidcTokenUse.deleteMany({ where: { platformId, expiresAt: { lte: at } } });
  // Concurrent uses of one token: the unique key makes the later insert wait for the first one's
  // commit and then skip it (ON CONFLICT DO NOTHING), so exactly one session is issued.
  const { count } = await tx.walletOidcTokenUse.createMany({
    data: [{ platformId, claimsHash: token.claimsHash, expiresAt: new Date(Math.min(token.exp * 1000, at.getTime() + KEEP_AT_MOST_MS)), createdAt: at }],
    skipDuplicates: true,
  });
  if (count !== 1)
    throw new ServiceError("UNAUTHORIZED", "This OIDC token was already used to open a session; each token opens one: get a fresh token (with a nonce for the new clientPublicKey) from the provider", {
      details: { reason: "OIDC token already used" },
    });
}
