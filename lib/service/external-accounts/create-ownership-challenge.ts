import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { formatId, uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { isSelfCustodyWallet } from "./account-types";
import { getExternalAccountOrThrow, lockExternalAccount, type ExternalAccountOwner } from "./get-external-account-or-throw";
import type { OwnershipChallenge, OwnershipVerificationMethod } from "./schemas";
import type { ExternalAccountRow } from "./serialize-external-account";
import { setExternalAccountStatus } from "./set-external-account-status";

/** How long a challenge can be answered (our choice; the reference gives no value). */
export const CHALLENGE_TTL_MS: Readonly<Record<OwnershipVerificationMethod, number>> = {
  WALLET_SIGNATURE: 15 * 60 * 1000,
  LIVENESS: 24 * 60 * 60 * 1000,
};

export const PENDING_OWNERSHIP_STATES: ReadonlySet<string> = new Set(["PENDING_OWNERSHIP_VERIFICATION", "UNVERIFIED"]);

export interface CreateOwnershipChallengeInput {
  platformId: string;
  owner: ExternalAccountOwner;
  externalAccountId: string;
  method: OwnershipVerificationMethod;
  /** Origin of the dashboard, for the hosted liveness link. */
  appOrigin: string;
}

/**
 * POST …/{id}/challenge: starts (or restarts) ownership proof of a FIRST_PARTY self-custody wallet
 * in PENDING_OWNERSHIP_VERIFICATION or UNVERIFIED. A new challenge abandons the outstanding one;
 * an UNVERIFIED account returns to PENDING_OWNERSHIP_VERIFICATION (with its event).
 * Throws: NOT_FOUND, CONFLICT (not a FIRST_PARTY self-custody wallet), INVALID_STATE_TRANSITION
 * (not in a pending state). BEHAVIORS.md §1.4 "Ownership proof".
 */
export async function createOwnershipChallenge(db: Db, input: CreateOwnershipChallengeInput): Promise<OwnershipChallenge> {
  const { platformId, method } = input;
  return db.$transaction(async (tx) => {
    const found = await getExternalAccountOrThrow(tx, platformId, input.externalAccountId, { owner: input.owner });
    await lockExternalAccount(tx, platformId, found.id);
    // Read again under the lock through the live-account filter: a DELETE that committed while we waited is NOT_FOUND,
    // not an outstanding challenge (and a status event) on a deleted account.
    const row = await getExternalAccountOrThrow(tx, platformId, input.externalAccountId, { owner: input.owner });
    assertCanProveOwnership(row);

    const at = await now(tx, platformId);
    await tx.externalAccountOwnershipChallenge.updateMany({
      where: { platformId, externalAccountId: row.id, status: "OUTSTANDING" },
      data: { status: "ABANDONED", resolvedAt: at },
    });
    const expiresAt = new Date(at.getTime() + CHALLENGE_TTL_MS[method]);
    const address = String((row.accountInfo as Record<string, unknown>).address);
    const messageToSign = method === "WALLET_SIGNATURE" ? ownershipMessage(address, row.id, at, expiresAt) : null;
    const token = method === "LIVENESS" ? randomBytes(24).toString("base64url") : null;
    await tx.externalAccountOwnershipChallenge.create({
      data: { id: uuidv7(at.getTime()), platformId, externalAccountId: row.id, method, messageToSign, token, expiresAt, createdAt: at },
    });
    await setExternalAccountStatus(tx, row, "PENDING_OWNERSHIP_VERIFICATION", at);

    if (messageToSign !== null) return { method: "WALLET_SIGNATURE", messageToSign, expiresAt: expiresAt.toISOString() };
    return { method: "LIVENESS", verificationLink: `${input.appOrigin}/verify/liveness/${token}`, token: token!, expiresAt: expiresAt.toISOString() };
  });
}

function assertCanProveOwnership(row: ExternalAccountRow) {
  const id = formatId("ExternalAccount", row.id);
  if (!isSelfCustodyWallet(row.accountType, row.accountInfo as Record<string, unknown>))
    throw new ServiceError("CONFLICT", `Ownership verification applies only to self-custody wallets; ${id} is a ${row.accountType}${row.accountType.endsWith("_WALLET") ? " held at a VASP" : ""}`);
  if (row.ownershipType !== "FIRST_PARTY")
    throw new ServiceError("CONFLICT", `Ownership verification applies only to FIRST_PARTY wallets; ${id} is ${row.ownershipType ?? "of undeclared ownership"}`);
  if (!PENDING_OWNERSHIP_STATES.has(row.status))
    throw new ServiceError("INVALID_STATE_TRANSITION", `${id} is ${row.status}; only PENDING_OWNERSHIP_VERIFICATION or UNVERIFIED accounts take a challenge`, {
      details: { status: row.status },
    });
}

/** The text the wallet signs: names the address, the account, a nonce and the validity window. */
function ownershipMessage(address: string, accountId: string, issuedAt: Date, expiresAt: Date): string {
  return [
    "Service wallet ownership verification",
    "",
    `I control the wallet ${address} and link it to ${formatId("ExternalAccount", accountId)}.`,
    "",
    `Nonce: ${randomBytes(16).toString("hex")}`,
    `Issued At: ${issuedAt.toISOString()}`,
    `Expires At: ${expiresAt.toISOString()}`,
  ].join("\n");
}
