import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { lockExternalAccount } from "./get-external-account-or-throw";
import type { ExternalAccount } from "./schemas";
import { serializeExternalAccount } from "./serialize-external-account";
import { setExternalAccountStatus } from "./set-external-account-status";

export type LivenessOutcome = "PASSED" | "FAILED" | "EXPIRED";

/**
 * Resolves a LIVENESS challenge from its hosted page (`/verify/liveness/<token>`): passed → ACTIVE,
 * failed → UNVERIFIED, and a check finished after `expiresAt` counts as failed (EXPIRED). The
 * platform learns the result from EXTERNAL_ACCOUNT.STATUS_UPDATED (BEHAVIORS.md §1.4 "Liveness
 * resolves by webhook"). The token is the credential: it names the platform and the account.
 * Throws: NOT_FOUND (unknown token), CONFLICT (challenge no longer outstanding).
 */
export async function completeLivenessCheck(db: Db, input: { token: string; isPassed: boolean }): Promise<{ outcome: LivenessOutcome; account: ExternalAccount }> {
  return db.$transaction(async (tx) => {
    const challenge = await tx.externalAccountOwnershipChallenge.findFirst({ where: { token: input.token, method: "LIVENESS" } });
    if (!challenge) throw new ServiceError("NOT_FOUND", "Unknown liveness check");
    const { platformId, externalAccountId } = challenge;
    await lockExternalAccount(tx, platformId, externalAccountId);
    const current = await tx.externalAccountOwnershipChallenge.findUniqueOrThrow({ where: { id: challenge.id } });
    if (current.status !== "OUTSTANDING") throw new ServiceError("CONFLICT", `This liveness check is already ${current.status}`);

    const at = await now(tx, platformId);
    const outcome: LivenessOutcome = at.getTime() >= current.expiresAt.getTime() ? "EXPIRED" : input.isPassed ? "PASSED" : "FAILED";
    await tx.externalAccountOwnershipChallenge.update({
      where: { id: current.id },
      data: { status: outcome === "PASSED" ? "SUCCEEDED" : outcome, resolvedAt: at },
    });
    const row = await tx.externalAccount.findUniqueOrThrow({ where: { id: externalAccountId, platformId } });
    const updated = await setExternalAccountStatus(tx, row, outcome === "PASSED" ? "ACTIVE" : "UNVERIFIED", at);
    return { outcome, account: serializeExternalAccount(updated) };
  });
}
