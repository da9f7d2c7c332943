import "server-only";

/**
 * Where the service delivers to when the built-in receiver is on: this app's public origin
 * (NEXTAUTH_URL, which lib/server.ts always sets) + /api/webhook-receiver/<platform uuid>.
 */
export function webhookReceiverUrl(platformId: string): string {
  const origin = (process.env.NEXTAUTH_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  return `${origin}/api/webhook-receiver/${encodeURIComponent(platformId)}`;
}
