import { isConnectionLoss } from "@/lib/db/connection-loss";
import type { Db } from "../db";
import { ServiceError, isTransactionTimeout, transientConflictError } from "../http/errors";
import { parseId, notFoundMessage } from "../http/ids";
import type { JobContext } from "../jobs/handlers";
import { now } from "../sandbox/clock";
import { DESTINATION_ACCOUNT_UNAVAILABLE, creditMintDestination } from "./credit-mint-destination";
import { PROCESSING_SECONDS, postFiatLeg, returnBurnPayout, returnMintFiatLeg, scheduleStep, setOperationStatus, type OperationStep } from "./operation-status";
import type { OperationRow } from "./serialize";

/**
 * One step of the lifecycle (BEHAVIORS.md §6.3), in one transaction with its ledger posting and
 * webhook. A step whose operation has moved on is a no-op (the funding reports and the expiry race,
 * only the first wins). Returns the operation after the step, and whether this call moved it.
 *  - FUNDS_RECEIVED: PENDING_FUNDING → PROCESSING (fiat leg posted), or FAILED with failureReason.
 *  - PROVIDER_ACCEPTED: PENDING_PROVIDER → PROCESSING (fiat leg), or FAILED with failureReason.
 *  - COMPLETE: PROCESSING → COMPLETED (a mint to an internal account credits it), or, when that
 *    account can no longer receive, FAILED DESTINATION_ACCOUNT_UNAVAILABLE with the fiat leg returned.
 *  - EXPIRE: PENDING_FUNDING past expiresAt → EXPIRED.
 */
export async function runOperationStep(
  db: Db,
  input: { platformId: string; operationId: string; step: OperationStep },
): Promise<{ operation: OperationRow; moved: boolean } | null> {
  const { platformId, operationId, step } = input;
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "StablecoinOperation" WHERE "id" = ${operationId}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
    const row = await tx.stablecoinOperation.findFirst({ where: { id: operationId, platformId } });
    if (!row) return null;
    const at = await now(tx, platformId);
    const unmoved = { operation: row, moved: false };
    const moved = async (next: Promise<OperationRow>) => ({ operation: await next, moved: true });
    const processing = async (current: OperationRow) => {
      await postFiatLeg(tx, current);
      const next = await setOperationStatus(tx, current, "PROCESSING", { expiresAt: null, providerStatus: current.operationType === "MINT" ? "minting" : "payout_sent" });
      await scheduleStep(tx, next, "COMPLETE", new Date(at.getTime() + PROCESSING_SECONDS * 1000));
      return next;
    };
    switch (step) {
      case "FUNDS_RECEIVED":
        if (row.status !== "PENDING_FUNDING" || (row.expiresAt && row.expiresAt <= at)) return unmoved;
        // An external-wallet burn whose payout bank fails (sandbox suffix) fails here, before any fiat moves.
        if (row.sandboxFailure) return moved(setOperationStatus(tx, row, "FAILED", { expiresAt: null, failureReason: row.sandboxFailure, providerStatus: "failed" }));
        return moved(processing(row));
      case "PROVIDER_ACCEPTED":
        if (row.status !== "PENDING_PROVIDER") return unmoved;
        if (row.sandboxFailure) return moved(setOperationStatus(tx, row, "FAILED", { failureReason: row.sandboxFailure, providerStatus: "failed" }));
        return moved(processing(row));
      case "COMPLETE":
        if (row.status !== "PROCESSING") return unmoved;
        if ((await creditMintDestination(tx, row)) === "UNAVAILABLE") {
          // Retrying cannot help and would leave it PROCESSING for good: end it, handing the fiat back.
          await returnMintFiatLeg(tx, row);
          return moved(setOperationStatus(tx, row, "FAILED", { failureReason: DESTINATION_ACCOUNT_UNAVAILABLE, providerStatus: "failed" }));
        }
        return moved(setOperationStatus(tx, row, "COMPLETED", { providerStatus: "complete" }));
      case "EXPIRE":
        if (row.status !== "PENDING_FUNDING" || !row.expiresAt || row.expiresAt > at) return unmoved;
        return moved(setOperationStatus(tx, row, "EXPIRED", { providerStatus: "expired" }));
    }
  });
}

/** failureReason of an operation one of whose steps failed with an error that running it again cannot mend. */
export const PROCESSING_ERROR = "PROCESSING_ERROR";

/** A database conflict, timeout or lost connection: the step rolled back whole and runs again (as jobs/run-jobs.ts decides). */
const isRetryable = (e: unknown) => transientConflictError(e) !== null || isTransactionTimeout(e) || isConnectionLoss(e);

/**
 * Ends an operation FAILED PROCESSING_ERROR after one of its steps failed for good, so that it never
 * waits for ever. The step rolled back whole: a PENDING_FUNDING or PENDING_PROVIDER operation moved
 * no money, and a PROCESSING one gets its fiat leg back (a mint's to the funder, a burn's payout to
 * the provider's reserve). An operation that has ended already stays as it is.
 */
async function failAfterStepError(db: Db, input: { platformId: string; operationId: string }): Promise<OperationRow | null> {
  const { platformId, operationId } = input;
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "StablecoinOperation" WHERE "id" = ${operationId}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
    const row = await tx.stablecoinOperation.findFirst({ where: { id: operationId, platformId } });
    if (!row || !["PENDING_FUNDING", "PENDING_PROVIDER", "PROCESSING"].includes(row.status)) return row;
    if (row.status === "PROCESSING") await (row.operationType === "MINT" ? returnMintFiatLeg(tx, row) : returnBurnPayout(tx, row));
    return setOperationStatus(tx, row, "FAILED", { expiresAt: null, failureReason: PROCESSING_ERROR, providerStatus: "failed" });
  });
}

/**
 * runOperationStep, and when the step fails with an error that running it again cannot mend, the
 * operation ended FAILED PROCESSING_ERROR, returned with that `error`.
 * Throws: a retryable error (nothing was written; run it again); the step's error when the
 * operation could not be ended either.
 */
async function runStepOrFail(db: Db, input: { platformId: string; operationId: string; step: OperationStep }): Promise<{ operation: OperationRow; moved: boolean; error?: unknown } | null> {
  try {
    return await runOperationStep(db, input);
  } catch (error) {
    if (isRetryable(error)) throw error;
    let failed: OperationRow | null;
    try {
      failed = await failAfterStepError(db, input);
    } catch (failing) {
      if (isRetryable(failing)) throw failing;
      throw error;
    }
    return failed && { operation: failed, moved: true, error };
  }
}

/** The scheduled step. Throws: as runStepOrFail, and the step's error once the operation is ended, so that the job records it. */
export async function runOperationStepJob({ db, platformId, payload }: JobContext): Promise<void> {
  const { operationId, step } = payload as { operationId: string; step: OperationStep };
  const after = await runStepOrFail(db, { platformId, operationId, step });
  if (after?.error !== undefined) throw after.error;
}

/**
 * Sandbox control: the provider reports the funds of an operation awaiting them (a burn's tokens
 * at the deposit address, a wire mint's wire) now instead of after the automatic 30 s. A step that
 * fails for good ends the operation FAILED PROCESSING_ERROR, which is returned.
 * Throws: NOT_FOUND; INVALID_STATE_TRANSITION when it is not PENDING_FUNDING.
 */
export async function reportOperationFunds(db: Db, input: { platformId: string; operationId: string }): Promise<OperationRow> {
  const id = parseId("StablecoinOperation", input.operationId);
  const after = id ? await runStepOrFail(db, { platformId: input.platformId, operationId: id, step: "FUNDS_RECEIVED" }) : null;
  if (!after) throw new ServiceError("NOT_FOUND", notFoundMessage("StablecoinOperation", input.operationId));
  // The operation ended FAILED (its answer says so); the error itself is for the logs, as a job's is.
  if (after.error !== undefined) console.error(JSON.stringify({ level: "error", msg: "stablecoin operation step failed; operation ended FAILED", operationId: id, error: after.error instanceof Error ? (after.error.stack ?? after.error.message) : String(after.error) }));
  // Decided under the operation's lock: of reports racing each other (or the provider's own), one moves it.
  if (!after.moved) {
    const { status } = after.operation;
    throw new ServiceError("INVALID_STATE_TRANSITION", status === "PENDING_FUNDING" ? "The operation's funding window has closed." : `Operation is ${status}: only PENDING_FUNDING operations await funds.`);
  }
  return after.operation;
}
