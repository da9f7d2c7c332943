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
  const buckets = new TokenBuckets(perSecond);
  return createMiddleware<AppEnv>(async (c, next) => {
    const principal = c.get("auth").principal;
    if (perSecond <= 0 || principal.kind !== "token") return next();
    // Wall-clock on purpose: request pacing is not sandbox time.
    const retryAfter = buckets.take(principal.tokenId, performance.now());
    if (retryAfter !== null)
      throw new ServiceError("RATE_LIMITED", `Too many requests for this API token: the limit is ${perSecond} per second. Retry after ${retryAfter} s and spread requests out.`, {
        details: { limitPerSecond: perSecond },
        headers: { "Retry-After": String(retryAfter) },
      });
    return next();
  });
}

/** Buckets kept before the full ones are dropped (TokenBuckets). */
const MAX_BUCKETS = 10_000;

/**
 * One token bucket per key, `perSecond` tokens refilled per second up to `perSecond`. Bounded: once
 * it holds `maxBuckets`, a new key first drops every bucket that has refilled (its key sent nothing
 * for up to a second), which changes nothing, as a full bucket is what a new one starts as. At most
 * once a second, since every bucket left is full a second later: so it holds at most `maxBuckets`
 * plus the keys seen in one second, however many tokens come and go.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();
  private droppedAt = -Infinity;

  constructor(
    private readonly perSecond: number,
    private readonly maxBuckets = MAX_BUCKETS,
  ) {}

  get size(): number {
    return this.buckets.size;
  }

  /** Takes a token from `key`'s bucket at `at` (ms): null when it had one, else the whole seconds (at least 1) until it has. */
  take(key: string, at: number): number | null {
    if (!this.buckets.has(key) && this.buckets.size >= this.maxBuckets && at - this.droppedAt >= 1000) this.dropFull(at);
    const bucket = this.buckets.get(key) ?? { tokens: this.perSecond, updatedAt: at };
    bucket.tokens = this.tokensAt(bucket, at);
    bucket.updatedAt = at;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
    bucket.tokens -= 1;
    return null;
  }

  private tokensAt(bucket: { tokens: number; updatedAt: number }, at: number): number {
    return Math.min(this.perSecond, bucket.tokens + ((at - bucket.updatedAt) / 1000) * this.perSecond);
  }

  private dropFull(at: number): void {
    this.droppedAt = at;
    for (const [key, bucket] of this.buckets) if (this.tokensAt(bucket, at) >= this.perSecond) this.buckets.delete(key);
  }
}

/** The limit a server applies: API_RATE_LIMIT_PER_SECOND, else 100. */
export function rateLimitFromEnv(): number {
  const value = Number(process.env.API_RATE_LIMIT_PER_SECOND ?? 100);
  return Number.isFinite(value) && value >= 0 ? value : 100;
}
