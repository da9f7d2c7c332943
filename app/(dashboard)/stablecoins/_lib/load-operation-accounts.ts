import "server-only";
import type { components } from "@/lib/client/generated/schema";
import type { ServiceClient } from "@/lib/client/create-client";
import { collectPages } from "@/lib/client/collect-pages";
import type { AccountOption } from "../_components/operation-form";

type ExternalAccount = components["schemas"]["ExternalAccount"];

/** Past this many external accounts of each kind the form says it offers only some. */
export const MAX_ACCOUNT_CHOICES = 1000;

function accountOption(a: ExternalAccount): AccountOption | null {
  if (a.status !== "ACTIVE") return null;
  const info = a.accountInfo as { accountType?: string; accountNumber?: string; address?: string };
  if (info.accountType === "SPARK_WALLET") return { id: a.id, kind: "SPARK", label: `Spark wallet ${info.address?.slice(0, 14) ?? ""}…` };
  if (info.accountType?.endsWith("_WALLET") || info.accountType === "LIGHTNING") return null;
  return { id: a.id, kind: "BANK", label: `${info.accountType?.replace(/_/g, " ") ?? "Bank"} ${info.accountNumber ?? ""}` };
}

/** The accounts a mint pays into or a burn pays out to: every page of the platform's and customers' external accounts, and the platform's internal ones. */
export async function loadOperationAccounts(client: ServiceClient): Promise<{ accounts: AccountOption[]; hasMore: boolean; error?: { message: string } }> {
  const [platformExternal, customerExternal, internal] = await Promise.all([
    collectPages((cursor) => client.GET("/platform/external-accounts", { params: { query: { limit: 100, cursor } } }), { maxItems: MAX_ACCOUNT_CHOICES }),
    collectPages((cursor) => client.GET("/customers/external-accounts", { params: { query: { limit: 100, cursor } } }), { maxItems: MAX_ACCOUNT_CHOICES }),
    client.GET("/platform/internal-accounts"),
  ]);
  const accounts = [...platformExternal.items, ...customerExternal.items].map(accountOption).filter((a): a is AccountOption => a !== null);
  for (const a of internal.data?.data ?? []) if (a.status === "ACTIVE") accounts.push({ id: a.id, kind: "INTERNAL", currency: a.balance.currency.code, label: `Platform ${a.balance.currency.code} internal account` });
  return { accounts, hasMore: platformExternal.hasMore || customerExternal.hasMore, error: platformExternal.error ?? customerExternal.error ?? internal.error };
}
