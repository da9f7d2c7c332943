import { Prisma } from "@/lib/generated/prisma/client";
import { columnsOf } from "@/lib/db/sql";
import type { SqlTx } from "../db";
import type { ExternalAccountRow } from "./serialize-external-account";

/**
 * The customer's default UMA deposit account, where their incoming UMA funds land (BEHAVIORS.md
 * §1.4), or null when they have none. For incoming payments to build on. Deleting the account
 * clears the flag, so a live row is all there is to find.
 */
export async function findDefaultUmaDepositAccount(db: SqlTx, input: { platformId: string; customerId: string }): Promise<ExternalAccountRow | null> {
  const [row] = await db.$queryRaw<ExternalAccountRow[]>`
    SELECT ${columnsOf(Prisma.ExternalAccountScalarFieldEnum)} FROM "ExternalAccount"
    WHERE "platformId" = ${input.platformId}::uuid AND "defaultDepositCustomerId" = ${input.customerId}::uuid AND "deletedAt" IS NULL`;
  return row ?? null;
}
