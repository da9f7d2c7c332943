import type { LedgerTx } from "../ledger/ledger-tx";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { isServiceError } from "../http/errors";
import { enqueueInternalAccountEvent, INTERNAL_ACCOUNT_EVENTS } from "../internal-accounts/enqueue-internal-account-event";
import { lockInternalAccountForPayment } from "../internal-accounts/lock-internal-account-for-payment";
import { parseId } from "../http/ids";
import { currencyInfo } from "../sandbox/currencies";
import { tokenAmountInCurrencyUnits } from "./amounts";
import type { OperationRow } from "./serialize";

export const STABLECOIN_MINT_DELIVERY = "STABLECOIN_MINT_DELIVERY";

/** failureReason of a mint whose internal destination could no longer receive (not ACTIVE) when it completed. */
export const DESTINATION_ACCOUNT_UNAVAILABLE = "DESTINATION_ACCOUNT_UNAVAILABLE";

/**
 * When a mint to an `InternalAccount:` completes (BEHAVIORS.md §6.3), the minted tokens arrive in
 * that account: they come in from the network through the token currency's clearing account, as
 * any deposit does, and INTERNAL_ACCOUNT.BALANCE_UPDATED is written, in the caller's transaction.
 * The provider's fiat reserve is not touched: the fiat leg already put the mint's backing there.
 * A mint to a Spark wallet delivers on-chain and posts nothing. Answers UNAVAILABLE, moving
 * nothing, when the account can no longer receive (frozen, closed since the mint was created), as
 * other credits refuse it (creditIncomingPayment). Throws: nothing expected.
 */
export async function creditMintDestination(tx: LedgerTx, row: OperationRow): Promise<"DELIVERED" | "UNAVAILABLE"> {
  const { accountId } = row.destination as { accountId: string };
  if (row.operationType !== "MINT" || !parseId("InternalAccount", accountId)) return "DELIVERED";
  let locked;
  try {
    locked = await lockInternalAccountForPayment(tx, { platformId: row.platformId, accountId, direction: "RECEIVE" });
  } catch (e) {
    if (isServiceError(e) && e.code === "CONFLICT") return "UNAVAILABLE";
    throw e;
  }
  const { account, ledgerAccount } = locked;
  const coin = await tx.stablecoin.findFirstOrThrow({ where: { id: row.stablecoinId, platformId: row.platformId } });
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
  return "DELIVERED";
}
