"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { MAX_TRANSFER_AMOUNT, minorUnitsSchema } from "../_lib/amount-limits";

type Transaction = components["schemas"]["TransactionOneOf"];

// Shape only: the API owns the rules (currencies match, balance covers it) and names the bad fields.
const SendTransferInputSchema = z.object({
  sourceAccountId: z.string().min(1, "Choose a source account").max(200),
  destinationAccountId: z.string().min(1, "Choose a destination account").max(200),
  /** Minor units as exact digits, 1 to the API's 10^15 (an exact JSON number). */
  amount: minorUnitsSchema({ max: MAX_TRANSFER_AMOUNT }),
  /** The form's key for this transfer (useIdempotencyKey): pressing Send again after a lost answer replays, never pays twice. */
  idempotencyKey: z.string().min(16).max(255),
});

/** POST /transfer-out with the form's Idempotency-Key: the OUTGOING transaction, or INSUFFICIENT_BALANCE & co. */
export async function sendTransferAction(input: unknown): Promise<ActionResult<Transaction>> {
  const parsed = SendTransferInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { sourceAccountId, destinationAccountId, amount, idempotencyKey } = parsed.data;
  const result = await callService((client) =>
    client.POST("/transfer-out", {
      params: { header: { "idempotency-key": idempotencyKey } },
      body: { source: { accountId: sourceAccountId }, destination: { accountId: destinationAccountId }, amount: Number(amount) },
    }),
  );
  if (result.ok) revalidatePath("/transactions", "layout");
  return result;
}

const TransactionIdInputSchema = z.object({ transactionId: z.string().min(1).max(200) });
const ReasonInputSchema = TransactionIdInputSchema.extend({ reason: z.string().trim().max(1024).optional() });

/** POST /transactions/{id}/approve: an incoming payment awaiting the platform runs and is credited. */
export async function approveTransactionAction(input: unknown): Promise<ActionResult<Transaction>> {
  const parsed = TransactionIdInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const path = { transactionId: parsed.data.transactionId };
  const result = await callService((client) => client.POST("/transactions/{transactionId}/approve", { params: { path }, body: {} }));
  if (result.ok) revalidatePath("/transactions", "layout");
  return result;
}

/** POST /transactions/{id}/reject: the incoming payment becomes REJECTED; nothing is credited. */
export async function rejectTransactionAction(input: unknown): Promise<ActionResult<Transaction>> {
  const parsed = ReasonInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { transactionId, reason } = parsed.data;
  const result = await callService((client) => client.POST("/transactions/{transactionId}/reject", { params: { path: { transactionId } }, body: reason ? { reason } : {} }));
  if (result.ok) revalidatePath("/transactions", "layout");
  return result;
}

/** POST /transactions/{id}/cancel: the API decides whether the payout can still be stopped. */
export async function cancelTransactionAction(input: unknown): Promise<ActionResult<Transaction>> {
  const parsed = ReasonInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { transactionId, reason } = parsed.data;
  const result = await callService((client) => client.POST("/transactions/{transactionId}/cancel", { params: { path: { transactionId } }, body: reason ? { reason } : {} }));
  if (result.ok) revalidatePath("/transactions", "layout");
  return result;
}
