import { Prisma, type LedgerAccount } from "@/lib/generated/prisma/client";
import { ServiceError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import { LedgerInvariantError } from "../ledger/ledger-invariant-error";
import type { SqlLedgerTx } from "../ledger/ledger-tx";
import { assertCanMoveMoney, type MoneyDirection } from "./account-can-move-money";
import type { InternalAccountRow } from "./serialize-internal-account";

export interface LockedInternalAccount {
  account: InternalAccountRow;
  /** Post to `ledgerAccount.id` with postLedgerTransaction / placeHold in the same transaction. */
  ledgerAccount: LedgerAccount;
}

/**
 * For any area that moves money in or out of an internal account: inside the money transaction,
 * takes a share lock on the account row (so its status cannot change until commit: a concurrent
 * freeze waits for the payment, or the payment sees the freeze), checks the account may send or
 * receive, and returns it with its ledger account. Accepts `InternalAccount:<uuid>` or, with
 * `allowBare`, the bare uuid. Throws: NOT_FOUND; CONFLICT when the account is not ACTIVE.
 */
export async function lockInternalAccountForPayment(
  tx: SqlLedgerTx,
  input: { platformId: string; accountId: string; direction: MoneyDirection; allowBare?: boolean },
): Promise<LockedInternalAccount> {
  const id = parseId("InternalAccount", input.accountId, { allowBare: input.allowBare });
  return usableForPayment(id ? await lockAndRead(tx, input.platformId, id) : null, input);
}

/** The checks of lockInternalAccountForPayment on an account read by another statement. Throws: NOT_FOUND (null); CONFLICT. */
export function usableForPayment(locked: LockedInternalAccount | null, input: { accountId: string; direction: MoneyDirection; allowBare?: boolean }): LockedInternalAccount {
  if (!locked) throw new ServiceError("NOT_FOUND", notFoundMessage("InternalAccount", input.accountId, { allowBare: input.allowBare }));
  assertCanMoveMoney(locked.account, input.direction);
  return locked;
}

/**
 * The row, share-locked, with its ledger account, in one round trip (every payment starts here).
 * Only the account row is locked: the ledger row is locked FOR UPDATE when the posting is written.
 */
async function lockAndRead(tx: SqlLedgerTx, platformId: string, id: string): Promise<LockedInternalAccount | null> {
  const [row] = await tx.$queryRaw<LockedAccountColumns[]>`
    SELECT ${LOCKED_ACCOUNT_COLUMNS}
    FROM "InternalAccount" a
    LEFT JOIN "LedgerAccount" l ON l."platformId" = a."platformId" AND l."internalAccountId" = a."id"
    WHERE a."id" = ${id}::uuid AND a."platformId" = ${platformId}::uuid
    FOR SHARE OF a`;
  return row ? lockedAccountFromRow(row) : null;
}

/**
 * The select list of an internal account `a` joined with its ledger account `l`, for statements
 * that lock the account beside other reads (resolveTransferParties); lockedAccountFromRow reads
 * it back. Listing each column lets the compiler catch a new one.
 */
export const LOCKED_ACCOUNT_COLUMNS = Prisma.sql`a."id", a."platformId", a."customerId", a."platformCurrency", a."type"::text, a."currency", a."status"::text, a."privateEnabled", a."createdAt", a."updatedAt",
      l."id" AS "ledgerId", l."currency" AS "ledgerCurrency", l."kind"::text AS "ledgerKind", l."externalAccountId" AS "ledgerExternalAccountId",
      l."systemKey" AS "ledgerSystemKey", l."allowNegative" AS "ledgerAllowNegative", l."postedBalance" AS "ledgerPostedBalance", l."heldAmount" AS "ledgerHeldAmount",
      l."createdAt" AS "ledgerCreatedAt", l."updatedAt" AS "ledgerUpdatedAt"`;

export type LockedAccountColumns = InternalAccountRow & (LedgerColumns | { ledgerId: null });

export function lockedAccountFromRow(row: LockedAccountColumns): LockedInternalAccount {
  const { platformCurrency, type, currency, status, privateEnabled, customerId, createdAt, updatedAt } = row;
  const account = { id: row.id, platformId: row.platformId, customerId, platformCurrency, type, currency, status, privateEnabled, createdAt, updatedAt } satisfies Required<InternalAccountRow>;
  if (row.ledgerId === null) throw new LedgerInvariantError(`Internal account ${row.id} has no ledger account`);
  const ledgerAccount = {
    id: row.ledgerId,
    platformId: row.platformId,
    currency: row.ledgerCurrency,
    kind: row.ledgerKind,
    internalAccountId: row.id,
    externalAccountId: row.ledgerExternalAccountId,
    systemKey: row.ledgerSystemKey,
    allowNegative: row.ledgerAllowNegative,
    postedBalance: row.ledgerPostedBalance,
    heldAmount: row.ledgerHeldAmount,
    createdAt: row.ledgerCreatedAt,
    updatedAt: row.ledgerUpdatedAt,
  } satisfies Required<LedgerAccount>;
  return { account, ledgerAccount };
}

/** The ledger account's columns as lockAndRead names them (all null when the account has none: a bug). */
type LedgerColumns = { [K in keyof Omit<LedgerAccount, "platformId" | "internalAccountId"> as `ledger${Capitalize<K>}`]: LedgerAccount[K] };
