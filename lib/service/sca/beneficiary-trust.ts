import type { Db, DbOrTx } from "../db";
import { getExternalAccountOrThrow, lockExternalAccount } from "../external-accounts/get-external-account-or-throw";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import { authorizeScaChallenge } from "./authorize-sca-challenge";
import { createScaChallenge } from "./create-sca-challenge";
import { getScaCustomerOrThrow } from "./get-sca-customer-or-throw";
import { assertNotLocked, requireScaSession } from "./sca-state";
import type { ScaChallenge, ScaProof } from "./schemas";

export type TrustAction = "TRUST" | "UNTRUST";
const PURPOSE: Record<TrustAction, string> = { TRUST: "TRUST_BENEFICIARY", UNTRUST: "UNTRUST_BENEFICIARY" };

/**
 * Whether the customer trusted this beneficiary through SCA. For the external-accounts area:
 * deleting a trusted beneficiary answers 409 BENEFICIARY_TRUSTED (untrust first). `externalAccountId` is the bare uuid.
 */
export async function isBeneficiaryTrusted(db: DbOrTx, platformId: string, externalAccountId: string): Promise<boolean> {
  return (await db.scaTrustedBeneficiary.count({ where: { platformId, externalAccountId } })) > 0;
}

/**
 * POST /customers/external-accounts/{id}/trust | untrust: opens the SCA challenge that confirms
 * it; nothing to do (already in that state) → no challenge. Needs an SCA session.
 * BEHAVIORS.md §9.4. Throws: NOT_FOUND, CONFLICT (region), ACCOUNT_LOCKED, SCA_SESSION_REQUIRED,
 * INVALID_INPUT (no factor).
 */
export async function startBeneficiaryTrust(db: Db, input: { platformId: string; externalAccountId: string; action: TrustAction }): Promise<{ scaChallenge?: ScaChallenge }> {
  const { platformId, action } = input;
  const { account, customer } = await load(db, platformId, input.externalAccountId);
  await assertNotLocked(db, platformId, customer.id);
  await requireScaSession(db, platformId, customer.id);
  if ((await isBeneficiaryTrusted(db, platformId, account.id)) === (action === "TRUST")) return {};
  const { challenge } = await createScaChallenge(db, { platformId, customer, purpose: PURPOSE[action], subjectId: account.id });
  return { scaChallenge: challenge };
}

/** …/trust/confirm | untrust/confirm: answers the challenge and applies it → `{trusted}`. Throws as startBeneficiaryTrust and authorizeScaChallenge. */
export async function confirmBeneficiaryTrust(db: Db, input: { platformId: string; externalAccountId: string; action: TrustAction; challengeId?: string | null; proof: ScaProof }): Promise<{ trusted: boolean }> {
  const { platformId, action } = input;
  const { account, customer } = await load(db, platformId, input.externalAccountId);
  const isTrusted = await isBeneficiaryTrusted(db, platformId, account.id);
  if (isTrusted === (action === "TRUST") && !input.challengeId) return { trusted: isTrusted };
  await authorizeScaChallenge(db, { platformId, customerId: customer.id, challengeId: input.challengeId, purpose: PURPOSE[action], subjectId: account.id }, input.proof);
  await db.$transaction(async (tx) => {
    // Locked and read again, as a DELETE of the account locks it before its trust check: a delete
    // that committed meanwhile answers 404 here instead of leaving a deleted account trusted.
    await lockExternalAccount(tx, platformId, account.id);
    await getExternalAccountOrThrow(tx, platformId, input.externalAccountId, { owner: "CUSTOMER" });
    const at = await now(tx, platformId);
    if (action === "TRUST")
      await tx.scaTrustedBeneficiary.upsert({ where: { externalAccountId: account.id }, create: { externalAccountId: account.id, platformId, customerId: customer.id, trustedAt: at }, update: {} });
    else await tx.scaTrustedBeneficiary.deleteMany({ where: { platformId, externalAccountId: account.id } });
  });
  return { trusted: action === "TRUST" };
}

async function load(db: Db, platformId: string, externalAccountId: string) {
  const account = await getExternalAccountOrThrow(db, platformId, externalAccountId, { owner: "CUSTOMER" });
  const customer = await getScaCustomerOrThrow(db, platformId, formatId("Customer", account.customerId!));
  return { account, customer };
}
