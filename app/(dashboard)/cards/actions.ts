"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";

type IssuedCard = components["schemas"]["Card"];

const IssueSchema = z.object({
  cardholderId: z.string().min(1, "choose a cardholder").max(200),
  fundingSources: z.array(z.string().min(1).max(200)).min(1, "choose at least one account"),
  maxSpendPerTransaction: z.number().int().min(1).optional(),
  platformCardId: z.string().trim().max(255).optional(),
});

export async function issueCardAction(input: unknown): Promise<ActionResult<IssuedCard>> {
  const parsed = IssueSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { platformCardId, ...rest } = parsed.data;
  const body = { form: "VIRTUAL" as const, ...rest, ...(platformCardId ? { platformCardId } : {}) };
  const result = await callService((client) => client.POST("/cards", { body }));
  if (result.ok) revalidatePath("/cards", "layout");
  return result;
}

const UpdateSchema = z.object({
  cardId: z.string().min(1).max(200),
  state: z.enum(["ACTIVE", "FROZEN", "CLOSED"]).optional(),
  maxSpendPerTransaction: z.number().int().min(1).nullable().optional(),
});

/** Freeze (FROZEN), unfreeze (ACTIVE), close (CLOSED, final) or change the per-transaction ceiling. */
export async function updateCardAction(input: unknown): Promise<ActionResult<IssuedCard>> {
  const parsed = UpdateSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { cardId, ...body } = parsed.data;
  const result = await callService((client) => client.PATCH("/cards/{id}", { params: { path: { id: cardId } }, body }));
  if (result.ok) revalidatePath("/cards", "layout");
  return result;
}

const NEW_ROW = ["authorization", "financial_authorization", "credit_authorization", "financial_credit_authorization", "credit_authorization_advice"] as const;
const ON_ROW_WITH_AMOUNT = ["clearing", "return", "authorization_advice"] as const;

const SimulationSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.enum(NEW_ROW), cardId: z.string().min(1), amount: z.number().int().min(1), currency: z.string().min(3).max(5), descriptor: z.string().trim().min(1, "is required").max(255) }),
  z.object({ kind: z.literal("balance_inquiry"), cardId: z.string().min(1), descriptor: z.string().trim().min(1, "is required").max(255) }),
  z.object({ kind: z.enum(ON_ROW_WITH_AMOUNT), cardId: z.string().min(1), cardTransactionId: z.string().min(1, "choose a card transaction"), amount: z.number().int().min(0) }),
  z.object({ kind: z.literal("return_reversal"), cardId: z.string().min(1), cardTransactionId: z.string().min(1, "choose a card transaction") }),
]);
export type Simulation = z.infer<typeof SimulationSchema>;

/** Sandbox: drives one card network event through POST /sandbox/cards/{id}/simulate/{kind}. */
export async function simulateCardAction(input: unknown): Promise<ActionResult<{ issuerTransactionToken: string }>> {
  const parsed = SimulationSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const s = parsed.data;
  const path = { id: s.cardId };
  const merchant = (descriptor: string) => ({ descriptor, mcc: "5814", country: "US" });
  const result = await callService((client) => {
    switch (s.kind) {
      case "balance_inquiry":
        return client.POST("/sandbox/cards/{id}/simulate/balance_inquiry", { params: { path }, body: { merchant: merchant(s.descriptor) } });
      case "clearing":
      case "return":
      case "authorization_advice":
        return client.POST(`/sandbox/cards/{id}/simulate/${s.kind}`, { params: { path }, body: { cardTransactionId: s.cardTransactionId, amount: s.amount } });
      case "return_reversal":
        return client.POST("/sandbox/cards/{id}/simulate/return_reversal", { params: { path }, body: { cardTransactionId: s.cardTransactionId } });
      default:
        return client.POST(`/sandbox/cards/{id}/simulate/${s.kind}`, { params: { path }, body: { amount: s.amount, currency: { code: s.currency }, merchant: merchant(s.descriptor) } });
    }
  });
  if (result.ok) revalidatePath("/cards", "layout");
  return result;
}
