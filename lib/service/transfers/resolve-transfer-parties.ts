import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf, rowUnder } from "@/lib/db/sql";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId, parseId } from "../http/ids";
import type { SqlLedgerTx } from "../ledger/ledger-tx";
import { foundExternalAccount } from "../external-accounts/get-external-account-or-throw";
import type { ExternalAccountRow } from "../external-accounts/serialize-external-account";
import { LOCKED_ACCOUNT_COLUMNS, lockedAccountFromRow, usableForPayment, type LockedAccountColumns, type LockedInternalAccount } from "../internal-accounts/lock-internal-account-for-payment";
import { payerLock } from "../transactions/daily-volume";
import { TRANSACTION_CUSTOMER_COLUMNS, transactionCustomerFrom, type TransactionCustomerColumns } from "../transactions/resolve-transaction-customer";
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
  input: { platformId: string; internalAccountId: string; externalAccountId: string; direction: "OUT" | "IN"; lockPayer?: boolean },
): Promise<TransferParties> {
  const { platformId, direction } = input;
  const [internalField, externalField] = direction === "OUT" ? ["source.accountId", "destination.accountId"] : ["destination.accountId", "source.accountId"];
  const internalId = parseId("InternalAccount", input.internalAccountId);
  const read = await readParties(tx, platformId, internalId, parseId("ExternalAccount", input.externalAccountId), input.lockPayer === true);
  const locked = usableForPayment(read && lockedAccountFromRow(read), { accountId: input.internalAccountId, direction: direction === "OUT" ? "SEND" : "RECEIVE" });
  const { account } = locked;
  const external = foundExternalAccount(partiesExternal(read!), input.externalAccountId);
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

  const customer = transactionCustomerFrom(read, account.customerId ?? external.customerId, { endUserTermsRequired: account.customerId !== null });
  return { ...locked, external, ...customer };
}

const EXTERNAL = "external_";

/** The external account readParties read beside the internal one (null when not found). */
export const partiesExternal = (read: Record<string, unknown>) => rowUnder<ExternalAccountRow>(read, Prisma.ExternalAccountScalarFieldEnum, EXTERNAL);

export type PartiesRow = LockedAccountColumns & TransactionCustomerColumns & Record<string, unknown>;

/**
 * Every payment starts here (transfers, and quotes from an internal account), so in one round trip: the internal account share-locked with its
 * ledger account (as lockInternalAccountForPayment), the live external account (as
 * getExternalAccountOrThrow) and the paying customer's columns (as resolveTransactionCustomer).
 * Null when the internal account is not found; the external account's columns are null when it is
 * not (or `externalId` is null; the customer is then the internal account's).
 * With `lockPayer`, the statement then takes the daily-volume lock of the account's owner
 * (lockPayer in lib/service/transactions/daily-volume.ts), after the row lock as a separate
 * statement would: a payout's volume check then needs no round trip of its own for it.
 */
export async function readParties(tx: SqlLedgerTx, platformId: string, internalId: string | null, externalId: string | null, lockPayer: boolean): Promise<PartiesRow | null> {
  if (internalId === null) return null;
  const read = Prisma.sql`
    SELECT ${LOCKED_ACCOUNT_COLUMNS}, ${columnsOf(Prisma.ExternalAccountScalarFieldEnum, "e", EXTERNAL)}, ${TRANSACTION_CUSTOMER_COLUMNS}
    FROM "InternalAccount" a
    LEFT JOIN "LedgerAccount" l ON l."platformId" = a."platformId" AND l."internalAccountId" = a."id"
    LEFT JOIN "ExternalAccount" e ON e."id" = ${externalId}::uuid AND e."platformId" = a."platformId" AND e."deletedAt" IS NULL
    LEFT JOIN "Customer" c ON c."id" = coalesce(a."customerId", e."customerId") AND c."platformId" = a."platformId"
    LEFT JOIN "Platform" p ON p."id" = c."platformId"
    WHERE a."id" = ${internalId}::uuid AND a."platformId" = ${platformId}::uuid
    FOR SHARE OF a`;
  // The outer query's columns are computed above the locked subquery (never flattened into it), so after its row lock;
  // the lock's void result is cast to text, which Prisma (the embedded database's path) can read.
  const [row] = await tx.$queryRaw<PartiesRow[]>(
    lockPayer ? Prisma.sql`SELECT r.*, ${payerLock(Prisma.sql`r."platformId"`, Prisma.sql`coalesce(r."customerId", r."platformId")`)}::text AS "payerLocked" FROM (${read}) r` : read,
  );
  return row ?? null;
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
