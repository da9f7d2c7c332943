/**
 * The request header that carries the client's address to Next: lib/server.ts sets it on every
 * request it hands to Next from the socket's remote address, overwriting whatever the client sent
 * under that name, so only the server speaks it. Staff sign-in counts failures per address by it
 * (SIGN_IN_IP_THROTTLE). Without lib/server.ts in front (`next start`), nothing sets it and only the
 * per-email limit applies.
 *
 * The socket's address is the client's only when nothing proxies in between. Behind reverse
 * proxies or load balancers, TRUSTED_PROXY_HOPS says how many there are: the client is then the
 * address that many entries from the right of X-Forwarded-For (each proxy appends the address it
 * was connected from; entries further left are whatever the client claimed, never trusted).
 */
export const CLIENT_IP_HEADER = "x-client-ip";

/**
 * The client's address for a request that reached this server over `socketAddress`, given the
 * X-Forwarded-For header(s) and the number of trusted proxies in front. With proxies but too few
 * entries (a request that bypassed them), the socket's address: never a value the client chose.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | string[] | undefined, trustedProxyHops: number): string {
  if (trustedProxyHops <= 0 || forwardedFor === undefined) return socketAddress;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // The last proxy's own connection is the socket; the entry it appended is the hop before it.
  return hops.length >= trustedProxyHops ? hops[hops.length - trustedProxyHops]! : socketAddress;
}

/** TRUSTED_PROXY_HOPS: how many reverse proxies stand in front of this server (0 when unset or not a whole number). */
export function trustedProxyHopsFromEnv(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** The header's value from a plain header record (next-auth's authorize() request), or null. */
export function readClientIp(headers: Record<string, unknown> | undefined): string | null {
  const value = headers?.[CLIENT_IP_HEADER];
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * Failed sign-ins per client address per quarter hour: STAFF_SIGN_IN_IP_MAX_FAILURES when it is a
 * positive whole number (many staff behind one address; a test suite whose browser always signs in
 * from 127.0.0.1), else undefined for the default, SIGN_IN_IP_THROTTLE.maxFailures.
 */
export function signInIpMaxFailuresFromEnv(env: Record<string, string | undefined> = process.env): number | undefined {
  const value = Number(env.STAFF_SIGN_IN_IP_MAX_FAILURES);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
