import type { WalletAuthMethodType } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import { getAuthMethodOrThrow } from "./get-auth-method-or-throw";
import { getEmbeddedWalletOrThrow } from "./get-embedded-wallet-or-throw";
import { runSignedRetry, type SignedResult, type SignedRetryHeaders } from "./signed-retry";

const ACTIVITY: Record<string, string> = {
  PASSKEY: "ACTIVITY_TYPE_DELETE_AUTHENTICATORS",
  OAUTH: "ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS",
  EMAIL_OTP: "ACTIVITY_TYPE_DELETE_USER_EMAIL",
  SMS_OTP: "ACTIVITY_TYPE_DELETE_USER_PHONE_NUMBER",
};

/**
 * DELETE /auth/credentials/{id}: signed retry that must be signed by a session of a different
 * credential of the same wallet; deletes the credential and revokes every session it issued.
 * Throws 400 INVALID_INPUT when it is the wallet's only credential.
 */
export async function deleteCredential(db: Db, input: { platformId: string; id: string; headers: SignedRetryHeaders; fingerprint: string }): Promise<{ result: SignedResult<null>; type: WalletAuthMethodType }> {
  return db.$transaction(async (tx) => {
    const found = await getAuthMethodOrThrow(tx, input.platformId, input.id);
    await getEmbeddedWalletOrThrow(tx, input.platformId, found.internalAccountId, { allowBare: true, lock: true });
    const method = await getAuthMethodOrThrow(tx, input.platformId, input.id);
    const count = await tx.walletAuthMethod.count({ where: { platformId: input.platformId, internalAccountId: method.internalAccountId, revokedAt: null } });
    if (count <= 1)
      throw invalidInput([{ field: "id", message: "is the wallet's only credential; add another credential before deleting this one", constraint: { minItems: 1 } }], "A wallet must keep at least one credential: add another before deleting this one");
    const userId = formatId("InternalAccount", method.internalAccountId);
    const result = await runSignedRetry(
      tx,
      {
        platformId: input.platformId,
        internalAccountId: method.internalAccountId,
        operation: "DELETE_CREDENTIAL",
        fingerprint: input.fingerprint,
        headers: input.headers,
        trackCredentialSet: true,
        excludeAuthMethodId: method.id,
        activityType: ACTIVITY[method.type]!,
        parameters: method.type === "PASSKEY" ? { authenticatorIds: [formatId("AuthMethod", method.id)], userId } : { authMethodIds: [formatId("AuthMethod", method.id)], userId },
      },
      async () => {
        const at = await now(tx, input.platformId);
        await tx.walletAuthMethod.update({ where: { id: method.id }, data: { revokedAt: at, updatedAt: at } });
        await tx.walletAuthSession.updateMany({ where: { authMethodId: method.id, revokedAt: null }, data: { revokedAt: at, updatedAt: at } });
        await tx.walletOtpChallenge.updateMany({ where: { authMethodId: method.id, consumedAt: null }, data: { consumedAt: at } });
        return null;
      },
    );
    return { result, type: method.type };
  });
}
