import "server-only";
import type { components } from "@/lib/client/generated/schema";
import type { ServiceClient } from "@/lib/client/create-client";
import { collectPages } from "@/lib/client/collect-pages";
import type { AccountOption } from "../_components/operation-form";
import { loadCustomerNames } from "../../customers/_lib/load-customer-names";
import { operationAccountLabel } from "./operation-account-label";

type ExternalAccount = components["schemas"]["ExternalAccount"];

/** Past this many external accounts of each kind the form says it offers only some. */
export const MAX_ACCOUNT_CHOICES = 1000;

/** Spark wallets a mint cannot use until their owner proves them (FIRST_PARTY): the form says how. */
const UNPROVEN_WALLET_STATUSES: readonly string[] = ["PENDING_OWNERSHIP_VERIFICATION", "UNVERIFIED"];

function accountOption(a: ExternalAccount, owners: Map<string, string>): AccountOption | null {
  const type = a.accountInfo.accountType;
  const label = operationAccountLabel(a, a.customerId ? owners.get(a.customerId) : undefined);
  if (type === "SPARK_WALLET" && UNPROVEN_WALLET_STATUSES.includes(a.status)) return { id: a.id, kind: "SPARK", label, awaitsOwnershipProof: true, isPlatforms: !a.customerId };
  if (a.status !== "ACTIVE") return null;
  if (type === "SPARK_WALLET") return { id: a.id, kind: "SPARK", label };
  if (type.endsWith("_WALLET") || type === "LIGHTNING") return null;
  return { id: a.id, kind: "BANK", label };
}

/**
 * The accounts a mint pays into or a burn pays out to: every page of the platform's and customers'
 * external accounts (the platform's first, each labelled with its owner), and the platform's internal ones.
 */
export async function loadOperationAccounts(client: ServiceClient): Promise<{ accounts: AccountOption[]; hasMore: boolean; error?: { message: string } }> {
  const [platformExternal, customerExternal, internal] = await Promise.all([
    collectPages((cursor) => client.GET("/platform/external-accounts", { params: { query: { limit: 100, cursor } } }), { maxItems: MAX_ACCOUNT_CHOICES }),
    collectPages((cursor) => client.GET("/customers/external-accounts", { params: { query: { limit: 100, cursor } } }), { maxItems: MAX_ACCOUNT_CHOICES }),
    client.GET("/platform/internal-accounts"),
  ]);
  const owners = await loadCustomerNames(client, customerExternal.items.filter((a) => a.status === "ACTIVE").map((a) => a.customerId));
  const accounts = [...platformExternal.items, ...customerExternal.items].map((a) => accountOption(a, owners)).filter((a): a is AccountOption => a !== null);
  for (const a of internal.data?.data ?? [])
    if (a.status === "ACTIVE") accounts.push({ id: a.id, kind: "INTERNAL", currency: a.balance.currency.code, label: `${a.balance.currency.code} · Internal account · Platform` });
  return { accounts, hasMore: platformExternal.hasMore || customerExternal.hasMore, error: platformExternal.error ?? customerExternal.error ?? internal.error };
}
