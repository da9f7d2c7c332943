import fs from "node:fs";
import { listOperations, responseChecker, webhookChecker, type Operation } from "@/reliability/operations";

/**
 * Every answer the tests get is checked against our OpenAPI document, so the document (and the
 * typed client generated from it) cannot drift from what the API sends: the status must be one the
 * operation lists, and a JSON body must match that status's schema. Read from the generated copy
 * (lib/client/generated/openapi.json, kept current by generated.test.ts): building the document
 * anew costs ~0.3 s per test file.
 */
const DOC_FILE = new URL("../../client/generated/openapi.json", import.meta.url);

/** Answers the middleware gives any operation, described once in the document's description (503 is listed on each). */
const ANY_OPERATION: Record<number, string> = { 413: "PAYLOAD_TOO_LARGE", 429: "RATE_LIMITED" };

let contract: { operations: { operation: Operation; pattern: RegExp }[]; check: ReturnType<typeof responseChecker>; checkWebhook: ReturnType<typeof webhookChecker> } | undefined;

function load() {
  if (contract) return contract;
  const doc = JSON.parse(fs.readFileSync(DOC_FILE, "utf8"));
  // Fixed paths before templated ones: /customers/internal-accounts is not /customers/{customerId}.
  const operations = listOperations(doc)
    .map((operation) => ({ operation, pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, "[^/]+")}$`) }))
    .sort((a, b) => a.operation.pathParams.length - b.operation.pathParams.length);
  contract = { operations, check: responseChecker(doc), checkWebhook: webhookChecker(doc) };
  return contract;
}

export interface Answer {
  method: string;
  /** the path after the API base, query included */
  path: string;
  requestHeaders: Record<string, string>;
  status: number;
  contentType: string | null;
  json: unknown;
  text: string;
}

/** What in this answer the document does not describe; none when it matches. */
export function contractProblems(answer: Answer): string[] {
  const { operations, check } = load();
  const path = answer.path.split("?")[0]!;
  const method = answer.method.toUpperCase();
  const operation = operations.find((o) => o.operation.method === method && o.pattern.test(path))?.operation;
  const code = (answer.json as { code?: unknown } | undefined)?.code;
  const retryable = (answer.json as { details?: { retryable?: unknown } } | undefined)?.details?.retryable === true;
  const anyWriteConflict = answer.status === 409 && code === "CONFLICT" && (retryable || Object.keys(answer.requestHeaders).some((h) => h.toLowerCase() === "idempotency-key"));
  // Unknown paths and methods, the document itself, and the answers any operation may give: the envelope is all there is to check.
  if (!operation || (typeof code === "string" && ANY_OPERATION[answer.status] === code) || anyWriteConflict) return envelopeProblems(answer);
  const problems: string[] = [];
  if (!operation.statuses.includes(String(answer.status))) problems.push(`status ${answer.status} is not among the documented ${operation.statuses.join(", ")}`);
  else if (answer.status === 204 && answer.text) problems.push("a 204 with a body");
  else if (answer.contentType?.includes("json")) problems.push(...check(operation, answer.status, answer.json));
  return problems.map((p) => `${method} ${operation.path} → ${answer.status}${typeof code === "string" ? ` ${code}` : ""}: ${p}`);
}

/** What in a webhook body (the envelope as sent) the document's `webhooks` do not describe; none when it matches. */
export function webhookProblems(body: unknown): string[] {
  const type = (body as { type?: unknown } | null)?.type;
  return load().checkWebhook(body).map((p) => `webhook ${String(type)}: ${p}`);
}

function envelopeProblems(answer: Answer): string[] {
  if (answer.status < 400) return [];
  const body = answer.json as { status?: unknown; code?: unknown; message?: unknown } | undefined;
  if (body?.status === answer.status && typeof body.code === "string" && typeof body.message === "string") return [];
  return [`${answer.method} ${answer.path} → ${answer.status}: the body is not the error envelope {status, code, message}: ${answer.text.slice(0, 200)}`];
}
