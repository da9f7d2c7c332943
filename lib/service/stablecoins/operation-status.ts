import type { Prisma } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { enqueueEvent } from "../jobs/enqueue-event";
import { scheduleJob } from "../jobs/schedule-job";
import type { LedgerTx } from "../ledger/ledger-tx";
import { ensureSystemAccounts } from "../ledger/ensure-system-accounts";
import { postLedgerTransaction } from "../ledger/post-ledger-transaction";
import { now } from "../sandbox/clock";
import type { OperationStatus } from "./schemas";
import { serializeOperation, type OperationRow } from "./serialize";

/** Scheduled step of an operation (payload `{operationId, step}`), registered in jobs/handlers.ts. */
export const STABLECOIN_OPERATION_STEP_JOB = "stablecoins.operation-step";
export type OperationStep = "FUNDS_RECEIVED" | "PROVIDER_ACCEPTED" | "COMPLETE" | "EXPIRE";

/** Sandbox timings (BEHAVIORS.md 10.25): auto-funding after 30 s, expiry after 7 days. */
export const AUTO_FUND_SECONDS = 30;
export const PROVIDER_STEP_SECONDS = 5;
export const PROCESSING_SECONDS = 10;
export const FUNDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Our extension: one webhook per status change, `STABLECOIN_OPERATION.<STATUS>` with the operation as data. */
export const operationEventType = (status: string) => `STABLECOIN_OPERATION.${status}`;

export async function scheduleStep(tx: DbOrTx, op: { platformId: string; id: string }, step: OperationStep, runAt: Date): Promise<void> {
  await scheduleJob(tx, { platformId: op.platformId, kind: STABLECOIN_OPERATION_STEP_JOB, payload: { operationId: op.id, step }, runAt });
}

/** Changes status (and other fields) and sends the status webhook, in the caller's transaction. */
export async function setOperationStatus(
  tx: DbOrTx,
  row: OperationRow,
  status: OperationStatus,
  data: Omit<Prisma.StablecoinOperationUpdateInput, "status" | "updatedAt"> = {},
): Promise<OperationRow> {
  const at = await now(tx, row.platformId);
  const updated = await tx.stablecoinOperation.update({ where: { id: row.id }, data: { ...data, status, updatedAt: at } });
  await emitOperationEvent(tx, updated);
  return updated;
}

export async function emitOperationEvent(tx: DbOrTx, row: OperationRow): Promise<void> {
  const link = await tx.stablecoinProviderAccount.findUniqueOrThrow({ where: { id: row.providerAccountId } });
  await enqueueEvent(tx, { platformId: row.platformId, type: operationEventType(row.status), data: serializeOperation(row, link) });
}

/** The provider's fiat reserve for one link and currency: the other side of every fiat leg. */
async function providerReserveAccount(tx: LedgerTx, row: OperationRow) {
  const systemKey = `STABLECOIN_PROVIDER:${row.providerAccountId}:${row.fiatCurrency}`;
  const at = await now(tx, row.platformId);
  await tx.ledgerAccount.createMany({
    data: [{ id: uuidv7(at.getTime()), platformId: row.platformId, currency: row.fiatCurrency, kind: "EXTERNAL_COUNTERPARTY", systemKey, allowNegative: true, createdAt: at, updatedAt: at }],
    skipDuplicates: true,
  });
  return tx.ledgerAccount.findFirstOrThrow({ where: { platformId: row.platformId, systemKey } });
}

export const STABLECOIN_MINT_FUNDING = "STABLECOIN_MINT_FUNDING";
export const STABLECOIN_BURN_PAYOUT = "STABLECOIN_BURN_PAYOUT";
export const STABLECOIN_MINT_FUNDING_RETURNED = "STABLECOIN_MINT_FUNDING_RETURNED";
export const STABLECOIN_BURN_PAYOUT_RETURNED = "STABLECOIN_BURN_PAYOUT_RETURNED";

/**
 * The fiat leg, posted when an operation starts PROCESSING: a mint's fiat arrives from the rail
 * (out of clearing) and goes to the provider's reserve; a burn's payout leaves the provider's
 * reserve into clearing, from where it goes out on the destination rail.
 */
export async function postFiatLeg(tx: LedgerTx, row: OperationRow): Promise<void> {
  const { clearing } = await ensureSystemAccounts(tx, row.platformId, row.fiatCurrency);
  const reserve = await providerReserveAccount(tx, row);
  const c = row.fiatAmount;
  const mint = row.operationType === "MINT";
  await postLedgerTransaction(tx, {
    platformId: row.platformId,
    kind: mint ? STABLECOIN_MINT_FUNDING : STABLECOIN_BURN_PAYOUT,
    description: `Stablecoin ${row.operationType.toLowerCase()} ${row.id}: ${c} ${row.fiatCurrency} cents`,
    entries: mint
      ? [{ ledgerAccountId: clearing.id, amount: -c }, { ledgerAccountId: reserve.id, amount: c }]
      : [{ ledgerAccountId: reserve.id, amount: -c }, { ledgerAccountId: clearing.id, amount: c }],
  });
}

/**
 * Undoes a mint's fiat leg when the mint fails after PROCESSING (its destination could no longer
 * receive): the fiat leaves the provider's reserve back into clearing, from where it returns to the
 * funder on its rail, so the reserve keeps holding completed mints − burns only.
 */
export async function returnMintFiatLeg(tx: LedgerTx, row: OperationRow): Promise<void> {
  const { clearing } = await ensureSystemAccounts(tx, row.platformId, row.fiatCurrency);
  const reserve = await providerReserveAccount(tx, row);
  await postLedgerTransaction(tx, {
    platformId: row.platformId,
    kind: STABLECOIN_MINT_FUNDING_RETURNED,
    description: `Stablecoin mint ${row.id} failed: ${row.fiatAmount} ${row.fiatCurrency} cents returned to the funder`,
    entries: [
      { ledgerAccountId: reserve.id, amount: -row.fiatAmount },
      { ledgerAccountId: clearing.id, amount: row.fiatAmount },
    ],
  });
}

/**
 * Undoes a burn's payout when the burn fails after PROCESSING (its last step could not be carried
 * out): the fiat comes back from clearing into the provider's reserve, as the burned tokens return
 * to the provider balance (providerBalance counts no FAILED burn).
 */
export async function returnBurnPayout(tx: LedgerTx, row: OperationRow): Promise<void> {
  const { clearing } = await ensureSystemAccounts(tx, row.platformId, row.fiatCurrency);
  const reserve = await providerReserveAccount(tx, row);
  await postLedgerTransaction(tx, {
    platformId: row.platformId,
    kind: STABLECOIN_BURN_PAYOUT_RETURNED,
    description: `Stablecoin burn ${row.id} failed: ${row.fiatAmount} ${row.fiatCurrency} cents returned to the provider's reserve`,
    entries: [
      { ledgerAccountId: clearing.id, amount: -row.fiatAmount },
      { ledgerAccountId: reserve.id, amount: row.fiatAmount },
    ],
  });
}
