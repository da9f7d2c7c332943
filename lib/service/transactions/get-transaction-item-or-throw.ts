import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { findCardTransaction } from "../cards/find-card-transaction";
import { getTransactionOrThrow } from "./get-transaction-or-throw";
import { serializeTransaction } from "./serialize-transaction";
import type { TransactionListItem } from "./schemas";

const CARD_TRANSACTION_PREFIX = "CardTransaction:";

/**
 * GET /transactions/{transactionId}: the platform's payment (`Transaction:<uuid>`) or card
 * transaction (`CardTransaction:<uuid>`), serialized as GET /transactions lists it (SPEC.md "What
 * the service does": Transactions retrieves payment and card transactions).
 * Throws: TRANSACTION_NOT_FOUND (unknown, malformed, bare-uuid or another platform's id).
 */
export async function getTransactionItemOrThrow(db: Db, platformId: string, transactionId: string): Promise<TransactionListItem> {
  if (!transactionId.startsWith(CARD_TRANSACTION_PREFIX)) return serializeTransaction(await getTransactionOrThrow(db, platformId, transactionId));
  const cardTransaction = await findCardTransaction(db, platformId, transactionId);
  if (!cardTransaction) throw new ServiceError("TRANSACTION_NOT_FOUND", `Transaction ${transactionId} not found`);
  return cardTransaction;
}
