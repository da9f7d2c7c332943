"use server";

import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";
import { QuoteInputSchema, toQuoteRequest } from "./_lib/quote-input";

type Quote = components["schemas"]["Quote"];
type Transaction = components["schemas"]["TransactionOneOf"];

const QuoteIdInputSchema = z.object({ quoteId: z.string().min(1).max(200) });
const SandboxSendInputSchema = QuoteIdInputSchema.extend({ currencyCode: z.string().min(3).max(5) });

/** POST /quotes: the priced quote, or the API's errors keyed by its field paths. */
export async function createQuoteAction(input: unknown): Promise<ActionResult<Quote>> {
  const parsed = QuoteInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const body = toQuoteRequest(parsed.data);
  return callService((client) => client.POST("/quotes", { params: { header: { "idempotency-key": randomUUID() } }, body }));
}

/** POST /quotes/{quoteId}/execute with a fresh Idempotency-Key: the quote, PROCESSING or settled. */
export async function executeQuoteAction(input: unknown): Promise<ActionResult<Quote>> {
  const parsed = QuoteIdInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { quoteId } = parsed.data;
  const result = await callService((client) =>
    client.POST("/quotes/{quoteId}/execute", { params: { path: { quoteId }, header: { "idempotency-key": randomUUID() } } }),
  );
  if (result.ok) revalidatePath("/transactions", "layout");
  return result;
}

/** POST /sandbox/send: pays a realtime-funded quote with exactly what it asks for. */
export async function sandboxSendAction(input: unknown): Promise<ActionResult<Transaction>> {
  const parsed = SandboxSendInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await callService((client) => client.POST("/sandbox/send", { body: parsed.data }));
  if (result.ok) revalidatePath("/transactions", "layout");
  return result;
}
