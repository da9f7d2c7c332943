"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { actionOk, invalidInputResult, type ActionResult } from "@/lib/client/action-result";
import { NotSignedInError, serviceClient } from "@/lib/client/server";
import { findOperation } from "./_lib/openapi-doc";

export interface TryItResponse {
  status: number;
  requestId: string | null;
  body: unknown;
}

const SendApiRequestInputSchema = z.object({
  operationId: z.string().max(200),
  path: z.record(z.string(), z.string().max(2048)),
  query: z.record(z.string(), z.string().max(4096)),
  body: z.string().max(1_000_000).optional(),
});

type DynamicRequest = (
  method: string,
  url: string,
  init: { params: { path: Record<string, string>; query: Record<string, string | string[]> }; body?: unknown },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * Try it: sends one documented operation through the signed-in user's client (their role's
 * permissions apply) and answers whatever the API answered, errors included.
 */
export async function sendApiRequestAction(input: unknown): Promise<ActionResult<TryItResponse>> {
  const parsed = SendApiRequestInputSchema.safeParse(input);
  if (!parsed.success) return invalidInputResult(parsed.error);
  const { operationId, path, query, body } = parsed.data;
  const operation = findOperation(operationId);
  if (!operation) return { ok: false, error: { code: "NOT_FOUND", message: `No operation ${operationId}` } };

  let json: unknown;
  if (operation.requestBody && body?.trim()) {
    try {
      json = JSON.parse(body);
    } catch (error) {
      return { ok: false, error: { code: "INVALID_INPUT", message: "The body is not valid JSON", fieldErrors: { body: `is not valid JSON: ${(error as Error).message}` } } };
    }
  }
  const arrays = new Set(operation.parameters.filter((p) => p.schema?.type === "array").map((p) => p.name));
  const queryParams = Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value.trim() !== "")
      .map(([name, value]) => [name, arrays.has(name) ? value.split(",").map((v) => v.trim()) : value.trim()]),
  );

  try {
    const client = await serviceClient();
    const request = client.request as unknown as DynamicRequest;
    const { data, error, response } = await request(operation.method.toLowerCase(), operation.path, { params: { path, query: queryParams }, body: json });
    // A write may change what any dashboard page shows (config, tokens, …).
    if (operation.method !== "GET" && response.ok) revalidatePath("/", "layout");
    return actionOk({ status: response.status, requestId: response.headers.get("x-request-id"), body: response.ok ? (data ?? null) : (error ?? null) });
  } catch (error) {
    if (error instanceof NotSignedInError) return { ok: false, error: error.actionError };
    return { ok: false, error: { code: "UNEXPECTED_RESPONSE", message: (error as Error).message } };
  }
}
