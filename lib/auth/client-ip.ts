/**
 * The request header that carries the client's address to Next: lib/server.ts sets it on every
 * request it hands to Next from the socket's remote address, overwriting whatever the client sent
 * under that name, so only the server speaks it. Staff sign-in counts failures per address by it
 * (SIGN_IN_IP_THROTTLE). Without lib/server.ts in front (`next start`), nothing sets it and only the
 * per-email limit applies.
 *
 * The socket's address is the client's only when nothing proxies in between: behind a reverse
 * proxy or load balancer every client has the proxy's address and shares one limit.
 */
export const CLIENT_IP_HEADER = "x-client-ip";

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
