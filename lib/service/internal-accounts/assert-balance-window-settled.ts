import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";

/** Card transaction kinds that never settle (no money moves). Mirrors BALANCE_INQUIRY in lib/service/cards. */
const NON_SETTLING_KINDS = ["BALANCE_INQUIRY"];

/**
 * 409 NOT_YET_AVAILABLE for a balance-changes window whose card settlement has not closed (SPEC.md
 * `GET /internal-accounts/{id}/balance-changes`): a card transaction on this account authorized
 * inside [startDate, endDate) is still AUTHORIZED or PARTIALLY_SETTLED (money held, clearings
 * expected). Open bounds are unbounded. Throws: NOT_YET_AVAILABLE.
 */
export async function assertBalanceWindowSettled(db: SqlTx, input: { platformId: string; internalAccountId: string; startDate?: Date; endDate?: Date }): Promise<void> {
  const [open] = await sqlOf(db).$queryRaw<{ authorizedAt: Date }[]>`
    SELECT "authorizedAt" FROM "CardTransaction"
    WHERE "platformId" = ${input.platformId}::uuid AND "accountId" = ${input.internalAccountId}::uuid AND "status" IN ('AUTHORIZED', 'PARTIALLY_SETTLED')
      AND "kind" <> ALL(${NON_SETTLING_KINDS}::text[])
      ${input.startDate ? Prisma.sql`AND "authorizedAt" >= ${input.startDate}::timestamptz` : Prisma.empty}
      ${input.endDate ? Prisma.sql`AND "authorizedAt" < ${input.endDate}::timestamptz` : Prisma.empty}
    ORDER BY "authorizedAt" LIMIT 1`;
  if (open)
    throw new ServiceError(
      "NOT_YET_AVAILABLE",
      `Card settlement for this window has not closed: a card authorization of ${open.authorizedAt.toISOString()} is still awaiting clearing. Retry later, or end the window before it.`,
    );
}
