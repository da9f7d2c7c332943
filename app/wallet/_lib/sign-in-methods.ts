import "server-only";
import type { ServiceClient } from "@/lib/client/create-client";
import { maskContact } from "@/lib/wallet/format";

/** One way to sign in to a wallet, as the sign-in screen offers it (contacts masked). */
export interface SignInMethod {
  id: string;
  type: string;
  label: string;
}

/** The wallet's sign-in methods as they are now (the page's first render, and again after sign-out). */
export async function listSignInMethods(client: ServiceClient, accountId: string): Promise<SignInMethod[]> {
  const { data } = await client.GET("/auth/credentials", { params: { query: { accountId } } });
  return (data?.data ?? []).map((c) => ({ id: c.id, type: c.type, label: c.type === "PASSKEY" ? c.nickname : maskContact(c.nickname) }));
}

/** The name the platform gave its wallet app (Settings → App name), or null when it set none. */
export async function findAppName(client: ServiceClient): Promise<string | null> {
  const { data } = await client.GET("/config");
  const name = (data as { embeddedWalletConfig?: { appName?: string } } | undefined)?.embeddedWalletConfig?.appName?.trim();
  return name ? name : null;
}
