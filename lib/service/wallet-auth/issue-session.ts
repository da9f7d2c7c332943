import type { WalletAuthMethod, WalletAuthSession } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { uuidv7 } from "../http/ids";
import { generateP256KeyPair, parseP256PublicKeyHex } from "../crypto/p256-keys";
import { sealSessionSigningKey } from "../crypto/session-key-bundle";
import { SESSION_TTL_MS } from "./wallet-auth-config";

/** A session whose signing key the client already holds (OTP: the key from the bundle). */
export async function issueSessionForKey(tx: Tx, method: WalletAuthMethod, publicKeyCompressedHex: string, at: Date): Promise<WalletAuthSession> {
  return tx.walletAuthSession.create({
    data: {
      id: uuidv7(),
      platformId: method.platformId,
      internalAccountId: method.internalAccountId,
      authMethodId: method.id,
      publicKeyHex: publicKeyCompressedHex,
      expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
      createdAt: at,
      updatedAt: at,
    },
  });
}

/**
 * A session with a fresh service-generated key, sealed to `clientPublicKey` (OAUTH, PASSKEY,
 * refresh; WALLET-CRYPTO.md §3). Only the public key is stored; the scalar leaves sealed.
 */
export async function issueSealedSession(tx: Tx, method: WalletAuthMethod, clientPublicKey: string, at: Date): Promise<{ session: WalletAuthSession; encryptedSessionSigningKey: string }> {
  const client = parseP256PublicKeyHex(clientPublicKey);
  // Unreachable from input: every request schema taking a clientPublicKey checks it is on the curve.
  if (!client) throw new Error("clientPublicKey is not a P-256 point; the request schema should have refused it");
  const key = generateP256KeyPair();
  const encryptedSessionSigningKey = await sealSessionSigningKey(client.uncompressed, key.privateKeyHex);
  const session = await issueSessionForKey(tx, method, key.publicKeyCompressedHex, at);
  return { session, encryptedSessionSigningKey };
}
