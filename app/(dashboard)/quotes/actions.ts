"use server";

import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { components } from "@/lib/client/generated/schema";
import { actionOk, invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { actionClient, callService, callWith } from "@/lib/client/call-service";
import { collectPages } from "@/lib/client/collect-pages";
import { isUsableInternal } from "./_lib/quote-form";
import { QuoteInputSchema, toQuoteRequest } from "./_lib/quote-input";

type Quote = components["schemas"]["Quote"];
type Transaction = components["schemas"]["TransactionOneOf"];
type InternalAccount = components["schemas"]["InternalAccount"];
type ExternalAccount = components["schemas"]["ExternalAccount"];

/** Accounts of one customer the builder offers; a customer has one per currency and a few payees. */
const MAX_CUSTOMER_ACCOUNTS = 500;

export interface CustomerAccounts {
  internal: InternalAccount[];
  /** Every external account, whatever its status: the builder filters per use and says why none fits. */
  external: ExternalAccount[];
  /** The customer has more than MAX_CUSTOMER_ACCOUNTS of a kind; the builder says it offers only some. */
  hasMore: boolean;
}

/** The usable internal and all external accounts of the customer picked in the builder, every page of them up to the cap. */
export async function loadCustomerAccountsAction(input: unknown): Promise<ActionResult<CustomerAccounts>> {
  const parsed = z.object({ customerId: z.string().min(1).max(200) }).safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { customerId } = parsed.data;
  const options = { maxItems: MAX_CUSTOMER_ACCOUNTS };
  // One client for every page: each callService would read the session again.
  const signedIn = await actionClient();
  if (!signedIn.ok) return signedIn;
  const client = signedIn.data;
  const [internal, external] = await Promise.all([
    collectPages((cursor) => callWith(client, (c) => c.GET("/customers/internal-accounts", { params: { query: { customerId, limit: 100, cursor } } })), options),
    collectPages((cursor) => callWith(client, (c) => c.GET("/customers/external-accounts", { params: { query: { customerId, limit: 100, cursor } } })), options),
  ]);
  const error = internal.error ?? external.error;
  if (error) return { ok: false, error };
  return actionOk({ internal: internal.items.filter(isUsableInternal), external: external.items, hasMore: internal.hasMore || external.hasMore });
}

const QuoteIdInputSchema = z.object({ quoteId: z.string().min(1).max(200) });
const SandboxSendInputSchema = QuoteIdInputSchema.extend({ currencyCode: z.string().min(3).max(5) });

/** POST /quotes: the priced quote, or the API's errors keyed by its field paths. */
export async function createQuoteAction(input: unknown): Promise<ActionResult<Quote>> {
  const parsed = QuoteInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const body = toQuoteRequest(parsed.data);
  const destination = body.destination;
  if (destination.destinationType !== "UMA_ADDRESS")
    return callService((client) => client.POST("/quotes", { params: { header: { "idempotency-key": randomUUID() } }, body }));

  // A UMA receiver is looked up first (the quote names the lookup); the payer data it asks for is the sender's own.
  const lookup = await callService((client) => client.GET("/receiver/uma/{receiverUmaAddress}", { params: { path: { receiverUmaAddress: destination.umaAddress } } }));
  if (!lookup.ok) return lookup;
  const senderCustomerInfo = await payerData(body.source, lookup.data.requiredPayerDataFields.map((f) => f.name));
  return callService((client) =>
    client.POST("/quotes", { params: { header: { "idempotency-key": randomUUID() } }, body: { ...body, lookupId: lookup.data.lookupId, ...(senderCustomerInfo && { senderCustomerInfo }) } }),
  );
}

/** The sending customer's data the receiver asks for, from its record; undefined for platform money. */
async function payerData(source: components["schemas"]["QuoteSourceOneOf"], fields: string[]): Promise<Record<string, string> | undefined> {
  let customerId = source.customerId;
  if (!customerId && source.sourceType === "ACCOUNT" && source.accountId.startsWith("InternalAccount:")) {
    const account = await callService((client) => client.GET("/internal-accounts/{id}", { params: { path: { id: source.accountId } } }));
    customerId = account.ok ? account.data.customerId : undefined;
  }
  if (!customerId) return undefined;
  const customer = await callService((client) => client.GET("/customers/{customerId}", { params: { path: { customerId: customerId! } } }));
  if (!customer.ok) return undefined;
  const c = customer.data as Record<string, unknown> & { address?: { country?: string }; businessInfo?: { legalName?: string } };
  const known: Record<string, unknown> = {
    FULL_NAME: c.fullName ?? c.businessInfo?.legalName,
    COUNTRY_OF_RESIDENCE: c.address?.country,
    BIRTH_DATE: c.birthDate,
    NATIONALITY: c.nationality,
    EMAIL: c.email,
    PHONE_NUMBER: c.phoneNumber,
  };
  const info = Object.fromEntries(fields.filter((f) => typeof known[f] === "string").map((f) => [f, known[f] as string]));
  return Object.keys(info).length > 0 ? info : undefined;
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
