import type { CardTransaction as CardTransactionRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import { currencyAmount } from "../internal-accounts/serialize-internal-account";
import type { CardDeclinedReason, CardMerchant, CardTransaction } from "./schemas";

/**
 * A CardTransaction row as the API shows it (BEHAVIORS.md §5). `at` is the platform's clock, for
 * `pullSummary.pendingCount` (a pull stays pending until `pullPendingUntil`).
 */
export function serializeCardTransaction(row: CardTransactionRow, at: Date): CardTransaction {
  const isPullPending = row.pullPendingUntil !== null && row.pullPendingUntil > at;
  return {
    type: "CARD",
    id: formatId("CardTransaction", row.id),
    cardId: formatId("Card", row.cardId),
    customerId: formatId("Customer", row.customerId),
    platformCustomerId: row.platformCustomerId,
    issuerTransactionToken: row.issuerTransactionToken,
    status: row.status,
    direction: row.direction as CardTransaction["direction"],
    merchant: row.merchant as CardMerchant,
    authorizedAmount: currencyAmount(row.authorizedAmount, row.currency),
    settledAmount: currencyAmount(row.settledAmount, row.currency),
    refundedAmount: currencyAmount(row.refundedAmount, row.currency),
    cardDeclinedReason: (row.cardDeclinedReason as CardDeclinedReason | null) ?? null,
    originalTransactionId: row.originalTransactionId === null ? null : formatId("CardTransaction", row.originalTransactionId),
    accountId: formatId("InternalAccount", row.accountId),
    pullSummary: { count: row.pullCount, totalAmount: Number(row.pullTotal), pendingCount: isPullPending ? 1 : 0 },
    settlementSummary: { count: row.settlementCount, totalAmount: Number(row.settledAmount) },
    refundSummary: { count: row.refundCount, totalAmount: Number(row.refundedAmount) },
    authorizedAt: row.authorizedAt.toISOString(),
    lastEventAt: row.lastEventAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
