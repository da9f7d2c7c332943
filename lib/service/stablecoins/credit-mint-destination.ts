import type { LedgerTx } from "../ledger/ledger-tx";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { lockInternalAccountForPayment } from "../internal-accounts/lock-internal-account-for-payment";
import { parseId } from "../http/ids";
import { currencyInfo } from "../sandbox/currencies";
import { tokenAmountInCurrencyUnits } from "./amounts";
import type { OperationRow } from "./serialize";

export const STABLECOIN_MINT_DELIVERY = "STABLECOIN_MINT_DELIVERY";

/**
 * When a mint to an `InternalAccount:` completes (BEHAVIORS.md §6.3), the minted tokens arrive in
 * that account: they come in from the network through the token currency's clearing account, as
 * any deposit does, and INTERNAL_ACCOUNT.BALANCE_UPDATED is written, in the caller's transaction.
 * The provider's fiat reserve is not touched: the fiat leg already put the mint's backing there.
 * A mint to a Spark wallet delivers on-chain and posts nothing. Throws: CONFLICT when the account
 * can no longer receive (frozen or closed since the mint was created).
 */
export async function creditMintDestination(tx: LedgerTx, row: OperationRow): Promise<void> {
  const { accountId } = row.destination as { accountId: string };
  if (row.operationType !== "MINT" || !parseId("InternalAccount", accountId)) return;
  const coin = await tx.stablecoin.findFirstOrThrow({ where: { id: row.stablecoinId, platformId: row.platformId } });
  const { account, ledgerAccount } = await lockInternalAccountForPayment(tx, { platformId: row.platformId, accountId, direction: "RECEIVE" });
  const amount = tokenAmountInCurrencyUnits(row.amount, coin.decimals, currencyInfo(account.currency)?.decimals ?? coin.decimals);
  const { clearing } = await ensureSystemAccounts(tx, row.platformId, account.currency);
  await postLedgerTransaction(tx, {
    platformId: row.platformId,
    kind: STABLECOIN_MINT_DELIVERY,
    description: `Stablecoin mint ${row.id} delivered: ${amount} ${account.currency}`,
    entries: [
      { ledgerAccountId: clearing.id, amount: -amount },
      { ledgerAccountId: ledgerAccount.id, amount },
    ],
  });
  await enqueueInternalAccountEvent(tx, INTERNAL_ACCOUNT_EVENTS.BALANCE_UPDATED, account);
}
