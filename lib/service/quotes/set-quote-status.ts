import type { QuoteStatus } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { now } from "../sandbox/clock";
import type { TransactionRow } from "../transactions/serialize-transaction";

/** The quote of a transaction follows it (BEHAVIORS.md §2.6). */
export async function setQuoteStatus(tx: DbOrTx, row: TransactionRow, status: QuoteStatus): Promise<void> {
  const at = await now(tx, row.platformId);
  await tx.quote.updateMany({ where: { platformId: row.platformId, transactionId: row.id }, data: { status, updatedAt: at } });
}
