import { assertEndUserTermsAccepted } from "../customers/has-accepted-end-user-terms";
import { getExternalAccountOrThrow } from "../external-accounts/get-external-account-or-throw";
import type { ExternalAccountRow } from "../external-accounts/serialize-external-account";
import { invalidInput } from "../http/errors";
import { formatId, parseId } from "../http/ids";
import type { SqlTx } from "../db";
import { assertCanPullFrom } from "../transfers/assert-can-pull-from";
import { chooseRail } from "../transfers/transfer-columns";

/** A quote source that pulls from a bank account, and the rail the pull uses (ACH for US accounts). */
export interface PullSource {
  external: ExternalAccountRow;
  paymentRail: string | null;
}

/**
 * The `ExternalAccount:<uuid>` source of a quote that pulls (BEHAVIORS.md §2.1 "Pull", §2.8), checked
 * as POST /transfer-in checks it: the platform's live account (a customer's, or the platform's own),
 * owned by `customerId` when given, a bank account (pulls come only from bank accounts), ACTIVE, and
 * its customer must have accepted the end-user terms.
 * Throws: NOT_FOUND; INVALID_INPUT (source.customerId not the owner, a wallet);
 * EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED; CONFLICT (status); END_USER_TERMS_NOT_ACCEPTED.
 */
export async function resolvePullSource(tx: SqlTx, platformId: string, source: { accountId: string; customerId?: string }): Promise<PullSource> {
  const external = await getExternalAccountOrThrow(tx, platformId, source.accountId);
  if (source.customerId !== undefined && (external.customerId === null || parseId("Customer", source.customerId) !== external.customerId))
    throw invalidInput([{ field: "source.customerId", message: `does not own ${source.accountId}`, constraint: { owner: external.customerId === null ? null : formatId("Customer", external.customerId) } }]);
  assertCanPullFrom(external, "source.accountId");
  if (external.customerId !== null) await assertEndUserTermsAccepted(tx, platformId, external.customerId);
  return { external, paymentRail: chooseRail(external, undefined, "source.accountId").paymentRail };
}
