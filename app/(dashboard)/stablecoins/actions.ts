"use server";

import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { callService } from "@/lib/client/call-service";

type Link = components["schemas"]["StablecoinProviderAccount"];
type Stablecoin = components["schemas"]["Stablecoin"];
type Operation = components["schemas"]["StablecoinOperation"];

const PATH = "/stablecoins";
const key = () => ({ "idempotency-key": randomUUID() });

const LinkInputSchema = z.object({
  apiClientId: z.string().trim().min(1, "is required").max(255),
  apiClientSecret: z.string().min(1, "is required").max(1024),
  providerAccountId: z.string().trim().max(255).optional(),
});

export async function linkProviderAccountAction(input: unknown): Promise<ActionResult<Link>> {
  const parsed = LinkInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { providerAccountId, ...rest } = parsed.data;
  const body = { provider: "BRALE" as const, ...rest, ...(providerAccountId ? { providerAccountId } : {}) };
  const result = await callService((client) => client.POST("/stablecoin-provider-accounts", { params: { header: key() }, body }));
  if (result.ok) revalidatePath(PATH);
  return result;
}

const RegisterInputSchema = z.object({
  providerTokenIdentifier: z.string().trim().min(1, "is required").max(255),
  networkTokenIdentifier: z.string().trim().min(1, "is required").max(255),
  stablecoinProviderAccountId: z.string().max(200).optional(),
});

export async function registerStablecoinAction(input: unknown): Promise<ActionResult<Stablecoin>> {
  const parsed = RegisterInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { stablecoinProviderAccountId, ...rest } = parsed.data;
  const body = { ...rest, network: "SPARK" as const, ...(stablecoinProviderAccountId ? { stablecoinProviderAccountId } : {}) };
  const result = await callService((client) => client.POST("/stablecoins", { params: { header: key() }, body }));
  if (result.ok) revalidatePath(PATH);
  return result;
}

const OperationInputSchema = z.discriminatedUnion("operationType", [
  z.object({
    operationType: z.literal("MINT"),
    stablecoinId: z.string().min(1),
    amount: z.string().regex(/^[0-9]+$/, "must be digits only"),
    fundingType: z.enum(["WIRE", "ACH_DEBIT", "SAME_DAY_ACH_DEBIT"]),
    fundingExternalAccountId: z.string().optional(),
    destinationAccountId: z.string().min(1, "choose a Spark wallet or internal account"),
    description: z.string().max(1024).optional(),
    idempotencyKey: z.string().min(16).max(255),
  }),
  z.object({
    operationType: z.literal("BURN"),
    stablecoinId: z.string().min(1),
    amount: z.string().regex(/^[0-9]+$/, "must be digits only"),
    sourceType: z.enum(["EXTERNAL_ACCOUNT", "PROVIDER_INTERNAL_BALANCE"]),
    destinationExternalAccountId: z.string().min(1, "choose a bank account"),
    rail: z.enum(["WIRE", "ACH_CREDIT", "SAME_DAY_ACH_CREDIT", "RTP_CREDIT"]),
    description: z.string().max(1024).optional(),
    idempotencyKey: z.string().min(16).max(255),
  }),
]);

/**
 * POST …/mints or …/burns with the form's Idempotency-Key (useIdempotencyKey): submitting again after
 * a lost answer replays the first operation instead of creating a second; the button is disabled while one runs.
 */
export async function createOperationAction(input: unknown): Promise<ActionResult<Operation>> {
  const parsed = OperationInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const v = parsed.data;
  const params = { path: { stablecoinId: v.stablecoinId }, header: { "idempotency-key": v.idempotencyKey } };
  const description = v.description ? { description: v.description } : {};
  const result =
    v.operationType === "MINT"
      ? await callService((client) =>
          client.POST("/stablecoins/{stablecoinId}/mints", {
            params,
            body: {
              amount: v.amount,
              fundingSource: v.fundingType === "WIRE" ? { type: "WIRE" } : { type: v.fundingType, externalAccountId: v.fundingExternalAccountId ?? "" },
              destination: { accountId: v.destinationAccountId },
              ...description,
            },
          }),
        )
      : await callService((client) =>
          client.POST("/stablecoins/{stablecoinId}/burns", {
            params,
            body: {
              amount: v.amount,
              source: { type: v.sourceType },
              destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: v.destinationExternalAccountId, rail: v.rail },
              ...description,
            },
          }),
        );
  if (result.ok) revalidatePath(PATH);
  return result;
}

const IdSchema = z.object({ id: z.string().min(1).max(200) });

/** Sandbox: the provider reports the operation's funds now. */
export async function fundOperationAction(input: unknown): Promise<ActionResult<Operation>> {
  const parsed = IdSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const result = await callService((client) =>
    client.POST("/sandbox/stablecoin-operations/{stablecoinOperationId}/fund", { params: { path: { stablecoinOperationId: parsed.data.id } } }),
  );
  if (result.ok) revalidatePath(PATH);
  return result;
}

const LinkStateSchema = IdSchema.extend({ status: z.enum(["INVALID", "REVOKED"]).optional(), providerUnavailable: z.boolean().optional() });

/** Sandbox: make a link invalid, revoked or its provider unavailable. */
export async function setLinkSandboxStateAction(input: unknown): Promise<ActionResult<Link>> {
  const parsed = LinkStateSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { id, ...body } = parsed.data;
  const result = await callService((client) =>
    client.POST("/sandbox/stablecoin-provider-accounts/{stablecoinProviderAccountId}", { params: { path: { stablecoinProviderAccountId: id } }, body }),
  );
  if (result.ok) revalidatePath(PATH);
  return result;
}
