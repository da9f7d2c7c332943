import type { Card } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { balanceUpdated, cardLedgerAccounts } from "./card-transaction-rows";

export const CARD_CREDIT = "CARD_CREDIT";

/** Money from the network to the cardholder: clearing → funding account, then BALANCE_UPDATED. */
export async function postCardCredit(tx: Tx, input: { card: Card; accountId: string; amount: bigint; cardTransactionId: string; kind?: string }): Promise<void> {
  const { funding, clearing } = await cardLedgerAccounts(tx, input.card.platformId, input.accountId, input.card.currency);
  await postLedgerTransaction(tx, {
    platformId: input.card.platformId,
    kind: input.kind ?? CARD_CREDIT,
    transactionId: input.cardTransactionId,
    entries: [
      { ledgerAccountId: clearing.id, amount: -input.amount },
      { ledgerAccountId: funding.id, amount: input.amount },
    ],
  });
  await balanceUpdated(tx, input.card.platformId, input.accountId);
}
