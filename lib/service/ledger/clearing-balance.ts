import type { DbOrTx } from "../db";

/** A platform's clearing balance in one currency: the sum of its shards (ensureSystemAccounts). */
export async function clearingBalance(db: DbOrTx, platformId: string, currency: string): Promise<bigint> {
  const sum = await db.ledgerAccount.aggregate({ where: { platformId, kind: "SERVICE_CLEARING", currency }, _sum: { postedBalance: true } });
  return sum._sum.postedBalance ?? 0n;
}
