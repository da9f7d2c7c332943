import type { LedgerAccountKind } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";

/** A platform's balance on one kind of the Service's accounts in one currency: the sum of its shards (ensureSystemAccounts). */
export async function systemAccountBalance(db: DbOrTx, platformId: string, kind: Extract<LedgerAccountKind, "SERVICE_CLEARING" | "SERVICE_FEES" | "SERVICE_FX">, currency: string): Promise<bigint> {
  const sum = await db.ledgerAccount.aggregate({ where: { platformId, kind, currency }, _sum: { postedBalance: true } });
  return sum._sum.postedBalance ?? 0n;
}
