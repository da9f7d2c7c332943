import { signWebhookBody } from "../crypto/webhook-signature";

export interface PostResult {
  url: string;
  responseStatus: number | null;
  responseSnippet: string | null;
  error: string | null;
  latencyMs: number;
}

const SNIPPET_CHARS = 500;
const MAX_REDIRECTS = 3;

/** Webhook timeout: 30 s per SPEC.md; tests shorten it. */
export function webhookTimeoutMs(): number {
  return Number(process.env.WEBHOOK_TIMEOUT_MS) || 30_000;
}

/**
 * POSTs a signed body. Follows a redirect only to the same origin (never leaks events to
 * another host). Never throws: network errors and timeouts come back as `error`.
 */
export async function postSigned(url: string, body: string, privateKeyPem: string): Promise<PostResult> {
  const headers = {
    "content-type": "application/json",
    "user-agent": "Service-Webhooks/2025-10-13",
    "x-service-signature": signWebhookBody(body, privateKeyPem),
  };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target = url;
  // One timeout for the whole attempt, redirects included: the worker's claim on the event lasts only a little longer (deliveryLeaseMs).
  const signal = AbortSignal.timeout(webhookTimeoutMs());
  try {
    for (let hop = 0; ; hop++) {
      const res = await fetch(target, { method: "POST", headers, body, redirect: "manual", signal });
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, target);
        await res.body?.cancel();
        if (next.origin !== new URL(url).origin)
          return { url, responseStatus: res.status, responseSnippet: null, error: `redirect to another host (${next.origin}) not followed`, latencyMs: elapsed() };
        if (hop >= MAX_REDIRECTS) return { url, responseStatus: res.status, responseSnippet: null, error: "too many redirects", latencyMs: elapsed() };
        target = next.href;
        continue;
      }
      const text = await res.text();
      return { url, responseStatus: res.status, responseSnippet: text.slice(0, SNIPPET_CHARS), error: null, latencyMs: elapsed() };
    }
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const error =
      err.name === "TimeoutError" ? `no answer within ${webhookTimeoutMs() / 1000} s` : (err.cause?.code ?? err.cause?.message ?? err.message);
    return { url, responseStatus: null, responseSnippet: null, error, latencyMs: elapsed() };
  }
}
