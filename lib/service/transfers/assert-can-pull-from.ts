import { accountTypeSpec } from "../external-accounts/account-types";
import type { ExternalAccountRow } from "../external-accounts/serialize-external-account";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId } from "../http/ids";

/**
 * An external account money can be pulled from (POST /transfer-in, quotes with a pull source;
 * BEHAVIORS.md §2.1, §2.8): a bank account, ACTIVE (ownership proven).
 * Throws: INVALID_INPUT on `field` (a wallet or other non-bank account); EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED
 * (UNVERIFIED, PENDING_OWNERSHIP_VERIFICATION); CONFLICT (any other status).
 */
export function assertCanPullFrom(external: ExternalAccountRow, field: string): void {
  const externalId = formatId("ExternalAccount", external.id);
  if (accountTypeSpec(external.accountType)?.kind !== "BANK")
    throw invalidInput([{ field, message: `is a ${external.accountType}, which cannot be pulled from: pulls come only from bank accounts`, constraint: { pullCapable: true } }]);
  if (external.status === "ACTIVE") return;
  if (external.status === "UNVERIFIED" || external.status === "PENDING_OWNERSHIP_VERIFICATION")
    throw new ServiceError("EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED", `External account ${externalId} is ${external.status}: prove ownership with POST …/external-accounts/{id}/challenge and /verify first`, {
      details: { accountId: externalId, accountStatus: external.status },
    });
  throw new ServiceError("CONFLICT", `External account ${externalId} is ${external.status} and cannot send funds; only ACTIVE accounts can`, {
    details: { accountId: externalId, accountStatus: external.status },
  });
}
