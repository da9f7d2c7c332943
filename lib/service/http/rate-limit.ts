import { createMiddleware } from "hono/factory";
import { ServiceError } from "./errors";
import type { AppEnv } from "./context";

/**
 * Per-token request rate limit (BEHAVIORS.md 10.27: 100 requests per second, bursts up to the same
 * number): a token bucket per API token, in this process's memory. Over the limit → 429
 * RATE_LIMITED with `Retry-After` (whole seconds, at least 1). Dashboard staff calls are not
 * limited. `perSecond` 0 turns it off (benchmarks, in-process tests).
 */
export function rateLimit(perSecond: number) {
  const buckets = new Map<string, { tokens: number; updatedAt: number }>();
  return createMiddleware<AppEnv>(async (c, next) => {
    const principal = c.get("auth").principal;
    if (perSecond <= 0 || principal.kind !== "token") return next();
    // Wall-clock on purpose: request pacing is not sandbox time.
    const at = performance.now();
    const bucket = buckets.get(principal.tokenId) ?? { tokens: perSecond, updatedAt: at };
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((at - bucket.updatedAt) / 1000) * perSecond);
    bucket.updatedAt = at;
    buckets.set(principal.tokenId, bucket);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
      throw new ServiceError("RATE_LIMITED", `Too many requests for this API token: the limit is ${perSecond} per second. Retry after ${retryAfter} s and spread requests out.`, {
        details: { limitPerSecond: perSecond },
        headers: { "Retry-After": String(retryAfter) },
      });
    }
    bucket.tokens -= 1;
    return next();
  });
}

/** The limit a server applies: API_RATE_LIMIT_PER_SECOND, else 100. */
export function rateLimitFromEnv(): number {
  const value = Number(process.env.API_RATE_LIMIT_PER_SECOND ?? 100);
  return Number.isFinite(value) && value >= 0 ? value : 100;
}
