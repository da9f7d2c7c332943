import { Prisma, type InternalAccountStatus, type InternalAccountType, type LedgerAccountKind } from "@/lib/generated/prisma/client";
import { columnsOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import { uuidv7 } from "../http/ids";
import { allowsNegativeByDefault } from "../ledger/create-ledger-account";
import type { InternalAccountRow } from "./serialize-internal-account";

export interface NewInternalAccount {
  type: InternalAccountType;
  currency: string;
  status: InternalAccountStatus;
}

/**
 * Creates the accounts of one holder (a customer, or the platform when `customerId` is null) that
 * do not exist yet, each with its ledger account, in the caller's transaction. Idempotent and safe
 * under concurrency: the unique (customer, type, currency) / (platform, currency) indexes make a
 * racing creator wait and skip. Returns only the accounts this call created.
 * Throws: nothing expected.
 */
export async function createInternalAccounts(
  tx: SqlTx,
  input: { platformId: string; customerId: string | null; at: Date; accounts: NewInternalAccount[] },
): Promise<InternalAccountRow[]> {
  const { platformId, customerId, at, accounts } = input;
  if (accounts.length === 0) return [];
  const kind: LedgerAccountKind = customerId === null ? "PLATFORM_INTERNAL" : "CUSTOMER_INTERNAL";
  // One raw statement (a quote may create the platform's accounts inside its raw-SQL transaction):
  // a conflicting row (the unique indexes) is skipped, and only the rows created get a ledger account.
  const created = await tx.$queryRaw<InternalAccountRow[]>`
    WITH "wanted" AS (
      SELECT w."id", w."ledgerId", w."type", w."currency", w."status" FROM unnest(${accounts.map(() => uuidv7(at.getTime()))}::uuid[], ${accounts.map(() => uuidv7(at.getTime()))}::uuid[],
        ${accounts.map((a) => a.type)}::text[], ${accounts.map((a) => a.currency)}::text[], ${accounts.map((a) => a.status)}::text[]) AS w("id", "ledgerId", "type", "currency", "status")
    ), "created" AS (
      INSERT INTO "InternalAccount" ("id", "platformId", "customerId", "platformCurrency", "type", "currency", "status", "createdAt", "updatedAt")
      SELECT w."id", ${platformId}::uuid, ${customerId}::uuid, CASE WHEN ${customerId}::uuid IS NULL THEN w."currency" END, w."type"::"InternalAccountType", w."currency",
        w."status"::"InternalAccountStatus", ${at}::timestamptz, ${at}::timestamptz
      FROM "wanted" w
      ON CONFLICT DO NOTHING
      RETURNING ${columnsOf(Prisma.InternalAccountScalarFieldEnum)}
    ), "ledgers" AS (
      INSERT INTO "LedgerAccount" ("id", "platformId", "currency", "kind", "internalAccountId", "allowNegative", "createdAt", "updatedAt")
      SELECT w."ledgerId", ${platformId}::uuid, c."currency", ${kind}::"LedgerAccountKind", c."id", ${allowsNegativeByDefault(kind)}::boolean, ${at}::timestamptz, ${at}::timestamptz
      FROM "created" c JOIN "wanted" w ON w."id" = c."id"
    )
    SELECT ${columnsOf(Prisma.InternalAccountScalarFieldEnum)} FROM "created" ORDER BY "id"`;
  return created;
}
