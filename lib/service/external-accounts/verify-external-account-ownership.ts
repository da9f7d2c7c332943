import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import { getExternalAccountOrThrow, lockExternalAccount, type ExternalAccountOwner } from "./get-external-account-or-throw";
import type { ExternalAccount, OwnershipVerifyRequest } from "./schemas";
import { serializeExternalAccount } from "./serialize-external-account";
import { setExternalAccountStatus } from "./set-external-account-status";
import { verifyWalletSignature } from "./verify-wallet-signature";

/**
 * POST …/{id}/verify: answers the outstanding WALLET_SIGNATURE challenge, synchronously. A valid
 * signature makes the account ACTIVE; a bad one, or one after `expiresAt`, makes it UNVERIFIED
 * (committed, with its event) and answers 400; a new challenge is then needed.
 * Throws: NOT_FOUND, CONFLICT (no WALLET_SIGNATURE challenge outstanding), INVALID_INPUT (bad or
 * late signature). BEHAVIORS.md §1.4 "Ownership proof".
 */
export async function verifyExternalAccountOwnership(
  db: Db,
  input: { platformId: string; owner: ExternalAccountOwner; externalAccountId: string; request: OwnershipVerifyRequest },
): Promise<ExternalAccount> {
  const { platformId } = input;
  const outcome = await db.$transaction(async (tx) => {
    const found = await getExternalAccountOrThrow(tx, platformId, input.externalAccountId, { owner: input.owner });
    await lockExternalAccount(tx, platformId, found.id);
    const row = await tx.externalAccount.findUniqueOrThrow({ where: { id: found.id, platformId } });
    const challenge = await tx.externalAccountOwnershipChallenge.findFirst({
      where: { platformId, externalAccountId: row.id, status: "OUTSTANDING", method: "WALLET_SIGNATURE" },
      orderBy: { createdAt: "desc" },
    });
    if (!challenge)
      throw new ServiceError(
        "CONFLICT",
        `No WALLET_SIGNATURE challenge is outstanding for ${formatId("ExternalAccount", row.id)}; start one with POST …/external-accounts/{externalAccountId}/challenge`,
      );

    const at = await now(tx, platformId);
    const isExpired = at.getTime() >= challenge.expiresAt.getTime();
    const address = String((row.accountInfo as Record<string, unknown>).address);
    const isValid = !isExpired && verifyWalletSignature({ accountType: row.accountType, address, message: challenge.messageToSign ?? "", signature: input.request.signature });
    await tx.externalAccountOwnershipChallenge.update({
      where: { id: challenge.id },
      data: { status: isValid ? "SUCCEEDED" : isExpired ? "EXPIRED" : "FAILED", resolvedAt: at },
    });
    const updated = await setExternalAccountStatus(tx, row, isValid ? "ACTIVE" : "UNVERIFIED", at);
    return { isValid, isExpired, expiresAt: challenge.expiresAt, account: serializeExternalAccount(updated) };
  });
  if (outcome.isValid) return outcome.account;

  const reason = outcome.isExpired ? "CHALLENGE_EXPIRED" : "SIGNATURE_INVALID";
  const message = outcome.isExpired
    ? `the challenge expired at ${outcome.expiresAt.toISOString()}; the account is now UNVERIFIED, start a new challenge`
    : "does not verify against the wallet address over messageToSign; the account is now UNVERIFIED, start a new challenge";
  throw new ServiceError("INVALID_INPUT", `Ownership not verified: signature ${message}`, {
    details: { reason, status: outcome.account.status, errors: [{ field: "signature", message, constraint: { rule: "wallet-signature" } }] },
  });
}
