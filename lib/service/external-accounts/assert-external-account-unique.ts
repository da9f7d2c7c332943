import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";

/** Names the existing account when it is known, so a client retrying a create can carry on with it. */
function duplicateAccount(existingId?: string) {
  const existing = existingId && formatId("ExternalAccount", existingId);
  return new ServiceError("CONFLICT", `This owner already has an external account with these details in this currency${existing ? `: ${existing}` : ""}`, {
    details: { field: "accountInfo", ...(existing && { externalAccountId: existing }) },
  });
}

function duplicatePlatformAccountId(platformAccountId: string, existingId?: string) {
  const existing = existingId && formatId("ExternalAccount", existingId);
  return new ServiceError("CONFLICT", `An external account with platformAccountId ${platformAccountId} already exists${existing ? `: ${existing}` : ""}`, {
    details: { field: "platformAccountId", platformAccountId, ...(existing && { externalAccountId: existing }) },
  });
}

/**
 * The same account details for the same owner, or a platformAccountId already in use among the
 * platform's live accounts, is a 409 (BEHAVIORS.md §1.4 "Duplicate → 409"). This check gives the
 * precise error; the unique indexes settle races (see externalAccountUniqueViolation).
 * Throws: CONFLICT.
 */
export async function assertExternalAccountUnique(tx: DbOrTx, input: { platformId: string; fingerprint: string; platformAccountId?: string }): Promise<void> {
  const same = await tx.externalAccount.findFirst({ where: { platformId: input.platformId, activeFingerprint: input.fingerprint }, select: { id: true } });
  if (same) throw duplicateAccount(same.id);
  if (input.platformAccountId === undefined) return;
  const taken = await tx.externalAccount.findFirst({ where: { platformId: input.platformId, activePlatformAccountId: input.platformAccountId }, select: { id: true } });
  if (taken) throw duplicatePlatformAccountId(input.platformAccountId, taken.id);
}

/** A unique-index violation on an external-account write as its API error, else null. */
export function externalAccountUniqueViolation(e: unknown, platformAccountId?: string): ServiceError | null {
  if (typeof e !== "object" || e === null || (e as { code?: unknown }).code !== "P2002") return null;
  const text = `${JSON.stringify((e as { meta?: unknown }).meta ?? {})} ${(e as Error).message}`;
  if (text.includes("activeFingerprint")) return duplicateAccount();
  if (text.includes("activePlatformAccountId")) return duplicatePlatformAccountId(platformAccountId ?? "");
  // Creates serialize on the customer before moving the flag (createExternalAccount), so this is a backstop: transient, as app.ts documents.
  if (text.includes("defaultDepositCustomerId"))
    return new ServiceError("CONFLICT", "Another request changed this customer's default UMA deposit account at the same time; nothing was written: send it again", {
      details: { retryable: true },
      headers: { "Retry-After": "1" },
    });
  return null;
}
