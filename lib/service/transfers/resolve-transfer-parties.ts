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
import { customerDeleted } from "./lock-live-parties";

export interface TransferParties extends LockedInternalAccount {
  external: ExternalAccountRow;
  customerId: string | null;
  platformCustomerId: string | null;
  /** The platform's `supportedCurrencies` (its own limits per currency: currency-limits.ts), read with the parties. */
  supportedCurrencies: unknown;
}

/** External account statuses a payout may go to (BEHAVIORS.md §1.4: pending ownership proof is usable below thresholds). */
const CAN_RECEIVE = new Set(["ACTIVE", "PENDING_OWNERSHIP_VERIFICATION"]);

/**
 * The two accounts of a same-currency transfer, checked (BEHAVIORS.md §2.8): the internal account is
 * locked and must be ACTIVE; the external account must belong to the same customer (a platform
 * account may use any of the platform's external accounts), hold the same currency, be usable in
 * that direction (pulls only from bank accounts), and the customer must have accepted the end-user
 * terms, and must not have been deleted. The read serializes the transfer with a racing DELETE of
 * the customer or the external account (readPaymentParties). Throws: NOT_FOUND; CONFLICT (internal
 * or external account status); INVALID_INPUT (owner, pull from a wallet); INVALID_CURRENCY;
 * EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED; END_USER_TERMS_NOT_ACCEPTED; CUSTOMER_DELETED (410).
 */
export async function resolveTransferParties(
  tx: SqlLedgerTx,
  input: { platformId: string; internalAccountId: string; externalAccountId: string; direction: "OUT" | "IN"; lockPayer?: boolean },
): Promise<TransferParties> {
  const { platformId, direction } = input;
  const [internalField, externalField] = direction === "OUT" ? ["source.accountId", "destination.accountId"] : ["destination.accountId", "source.accountId"];
  const internalId = parseId("InternalAccount", input.internalAccountId);
  const read = await readPaymentParties(tx, platformId, { internalId, externalId: parseId("ExternalAccount", input.externalAccountId) }, input.lockPayer === true);
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
  // Last, as when it was a check of its own after the read: past the checks above, the customer is every owner the read locked.
  assertOwnersLive(read!);
  return { ...locked, external, ...customer, supportedCurrencies: read!.supportedCurrencies };
}

const EXTERNAL = "external_";

/** The external account readPaymentParties read beside the internal one (null when not found). */
export const partiesExternal = (read: Record<string, unknown>) => rowUnder<ExternalAccountRow>(read, Prisma.ExternalAccountScalarFieldEnum, EXTERNAL);

export type PartiesRow = LockedAccountColumns & TransactionCustomerColumns & Record<string, unknown>;

/**
 * A parties' read that then takes the payer's daily-volume lock: the outer query's columns are
 * computed above the locked subquery (never flattened into it), so after its row locks; the lock's
 * void result is cast to text, which Prisma (the embedded database's path) can read.
 */
const withPayerLock = (read: Prisma.Sql) =>
  Prisma.sql`SELECT r.*, ${payerLock(Prisma.sql`r."platformId"`, Prisma.sql`coalesce(r."customerId", r."platformId")`)}::text AS "payerLocked" FROM (${read}) r`;

export type PaymentPartiesRow = PartiesRow & {
  /** The first (by id) of the locked customers that was deleted, and when; null when none was. */
  deletedOwnerId: string | null;
  deletedOwnerAt: Date | null;
  /** The platform's `supportedCurrencies` (its own limits per currency: quotes/currency-limits.ts). */
  supportedCurrencies: unknown;
};

/**
 * Every payment from or to an internal account starts here (transfers, quotes from an internal
 * account), in one statement: the internal account share-locked with its ledger account (as
 * lockInternalAccountForPayment), the live external account `externalId` (columns prefixed
 * `external_`: partiesExternal; as getExternalAccountOrThrow), the paying customer's columns (as
 * resolveTransactionCustomer), the platform's supportedCurrencies, and what lockLiveParties does:
 * the customers the payment is for (the owners of the internal account, of the external account and
 * of `otherInternalId`, a quote's destination internal account) share-locked with their deletedAt,
 * and the external account share-locked, so a racing DELETE /customers or DELETE
 * …/external-accounts waits for the payment to commit, or the payment waits for the delete and sees
 * what it left (a locked row is read as last committed). Locks in lockCustomer's order: the
 * customers (by id), the external account, the internal account, then the payer's daily-volume
 * lock with `lockPayer`. Null when the internal account is not found.
 */
export async function readPaymentParties(
  tx: SqlLedgerTx,
  platformId: string,
  ids: { internalId: string | null; externalId: string | null; otherInternalId?: string | null },
  lockPayer: boolean,
): Promise<PaymentPartiesRow | null> {
  const { internalId, externalId, otherInternalId = null } = ids;
  if (internalId === null) return null;
  // An account's owner never changes, so it is read unlocked to find whom to lock. A CTE runs when
  // first read: "external" counts "owners" first, so the customers are locked before the external
  // account (deleted-parties.test.ts checks the order); the internal account is locked last, by the
  // row lock over the whole join.
  const read = Prisma.sql`
    WITH "owners" AS MATERIALIZED (
      SELECT "id", "platformId", "platformCustomerId", "region", "deletedAt" FROM "Customer"
      WHERE "platformId" = ${platformId}::uuid AND "id" IN (
        SELECT "customerId" FROM "InternalAccount" WHERE "id" IN (${internalId}::uuid, ${otherInternalId}::uuid) AND "platformId" = ${platformId}::uuid
        UNION ALL
        SELECT "customerId" FROM "ExternalAccount" WHERE "id" = ${externalId}::uuid AND "platformId" = ${platformId}::uuid)
      ORDER BY "id" FOR SHARE
    ), "external" AS MATERIALIZED (
      SELECT ${columnsOf(Prisma.ExternalAccountScalarFieldEnum)} FROM "ExternalAccount"
      WHERE "id" = ${externalId}::uuid AND "platformId" = ${platformId}::uuid AND "deletedAt" IS NULL AND (SELECT count(*) FROM "owners") >= 0
      FOR SHARE
    )
    SELECT ${LOCKED_ACCOUNT_COLUMNS}, ${columnsOf(Prisma.ExternalAccountScalarFieldEnum, "e", EXTERNAL)}, ${TRANSACTION_CUSTOMER_COLUMNS},
      d."id"::text AS "deletedOwnerId", d."deletedAt" AS "deletedOwnerAt", p."supportedCurrencies"
    FROM "InternalAccount" a
    LEFT JOIN "LedgerAccount" l ON l."platformId" = a."platformId" AND l."internalAccountId" = a."id"
    LEFT JOIN "external" e ON true
    LEFT JOIN "owners" c ON c."id" = coalesce(a."customerId", e."customerId")
    LEFT JOIN LATERAL (SELECT "id", "deletedAt" FROM "owners" WHERE "deletedAt" IS NOT NULL ORDER BY "id" LIMIT 1) d ON true
    JOIN "Platform" p ON p."id" = a."platformId"
    WHERE a."id" = ${internalId}::uuid AND a."platformId" = ${platformId}::uuid
    FOR SHARE OF a`;
  const [row] = await tx.$queryRaw<PaymentPartiesRow[]>(lockPayer ? withPayerLock(read) : read);
  return row ?? null;
}

/** lockLiveParties' refusal on what readPaymentParties read: CUSTOMER_DELETED (410) for the first deleted customer of the payment. */
export function assertOwnersLive(read: PaymentPartiesRow): void {
  if (read.deletedOwnerId !== null) throw customerDeleted(read.deletedOwnerId, read.deletedOwnerAt!);
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
