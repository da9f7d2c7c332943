import { ServiceError, invalidInput } from "../http/errors";
import { formatId } from "../http/ids";
import type { SqlLedgerTx } from "../ledger/ledger-tx";
import { getExternalAccountOrThrow } from "../external-accounts/get-external-account-or-throw";
import type { ExternalAccountRow } from "../external-accounts/serialize-external-account";
import { lockInternalAccountForPayment, type LockedInternalAccount } from "../internal-accounts/lock-internal-account-for-payment";
import { resolveTransactionCustomer } from "../transactions/resolve-transaction-customer";
import { assertCanPullFrom } from "./assert-can-pull-from";

export interface TransferParties extends LockedInternalAccount {
  external: ExternalAccountRow;
  customerId: string | null;
  platformCustomerId: string | null;
}

/** External account statuses a payout may go to (BEHAVIORS.md §1.4: pending ownership proof is usable below thresholds). */
const CAN_RECEIVE = new Set(["ACTIVE", "PENDING_OWNERSHIP_VERIFICATION"]);

/**
 * The two accounts of a same-currency transfer, checked (BEHAVIORS.md §2.8): the internal account is
 * locked and must be ACTIVE; the external account must belong to the same customer (a platform
 * account may use any of the platform's external accounts), hold the same currency, be usable in
 * that direction (pulls only from bank accounts), and the customer must have accepted the end-user
 * terms. Throws: NOT_FOUND; CONFLICT (internal or external account status); INVALID_INPUT (owner,
 * pull from a wallet); INVALID_CURRENCY; EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED;
 * END_USER_TERMS_NOT_ACCEPTED.
 */
export async function resolveTransferParties(
  tx: SqlLedgerTx,
  input: { platformId: string; internalAccountId: string; externalAccountId: string; direction: "OUT" | "IN" },
): Promise<TransferParties> {
  const { platformId, direction } = input;
  const [internalField, externalField] = direction === "OUT" ? ["source.accountId", "destination.accountId"] : ["destination.accountId", "source.accountId"];
  const locked = await lockInternalAccountForPayment(tx, { platformId, accountId: input.internalAccountId, direction: direction === "OUT" ? "SEND" : "RECEIVE" });
  const { account } = locked;
  const external = await getExternalAccountOrThrow(tx, platformId, input.externalAccountId);
  const externalId = formatId("ExternalAccount", external.id);

  if (account.customerId !== null && external.customerId !== account.customerId)
    throw invalidInput([
      {
        field: externalField,
        message: `belongs to ${external.customerId === null ? "the platform" : "another customer"}, not to the owner of ${internalField.split(".")[0]} ${formatId("InternalAccount", account.id)}`,
        constraint: { sameOwner: true },
      },
    ]);
  if (account.currency !== external.currency)
    throw new ServiceError(
      "INVALID_CURRENCY",
      `Same-currency transfers only: internal account ${formatId("InternalAccount", account.id)} holds ${account.currency}, external account ${externalId} ${external.currency}. Use a quote to convert.`,
      { details: { internalAccountCurrency: account.currency, externalAccountCurrency: external.currency } },
    );
  if (direction === "IN") assertCanPullFrom(external, externalField);
  else assertCanReceive(external, externalId);

  const customer = await resolveTransactionCustomer(tx, platformId, account.customerId ?? external.customerId, { endUserTermsRequired: account.customerId !== null });
  return { ...locked, external, ...customer };
}

function assertCanReceive(external: ExternalAccountRow, externalId: string): void {
  if (CAN_RECEIVE.has(external.status)) return;
  if (external.status === "UNVERIFIED")
    throw new ServiceError("EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED", `External account ${externalId} is ${external.status}: prove ownership with POST …/external-accounts/{id}/challenge and /verify first`, {
      details: { accountId: externalId, accountStatus: external.status },
    });
  throw new ServiceError("CONFLICT", `External account ${externalId} is ${external.status} and cannot receive funds; only ACTIVE accounts can`, {
    details: { accountId: externalId, accountStatus: external.status },
  });
}
