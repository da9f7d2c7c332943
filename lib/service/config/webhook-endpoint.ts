/**
 * Why a webhook endpoint is unacceptable, or null when it is fine: HTTPS only, except plain HTTP to
 * this machine in sandbox so platforms can test against a local receiver.
 */
export function webhookEndpointProblem(value: string, environment: "SANDBOX" | "PRODUCTION"): string | null {
  // URL() would quietly trim or percent-encode these, and the endpoint would be saved as typed.
  if (/\s/.test(value)) return "must not contain spaces (write a space in a path as %20)";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL such as https://example.com/webhooks";
  }
  if (url.username || url.password) return "must not contain credentials";
  if (url.hash) return "must not contain a fragment";
  if (url.protocol === "https:") return null;
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol === "http:" && local && environment === "SANDBOX") return null;
  return environment === "SANDBOX"
    ? "must use https (plain http is allowed only for localhost and 127.0.0.1 in sandbox)"
    : "must use https";
}
