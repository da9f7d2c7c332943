import type { Metadata } from "next";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import type { components } from "@/lib/client/generated/schema";
import { PageHeader } from "@/components/page-header";
import { Notice } from "@/components/ui/notice";
import { OperationForm, type AccountOption } from "./_components/operation-form";
import { OperationsList } from "./_components/operations-list";
import { ProviderLinks } from "./_components/provider-links";
import { StablecoinList } from "./_components/stablecoin-list";

export const metadata: Metadata = { title: "Stablecoins" };
export const dynamic = "force-dynamic";

type Operation = components["schemas"]["StablecoinOperation"];
type ExternalAccount = components["schemas"]["ExternalAccount"];

function accountOption(a: ExternalAccount): AccountOption | null {
  if (a.status !== "ACTIVE") return null;
  const info = a.accountInfo as { accountType?: string; accountNumber?: string; address?: string };
  if (info.accountType === "SPARK_WALLET") return { id: a.id, kind: "SPARK", label: `Spark wallet ${info.address?.slice(0, 14) ?? ""}…` };
  if (info.accountType?.endsWith("_WALLET") || info.accountType === "LIGHTNING") return null;
  return { id: a.id, kind: "BANK", label: `${info.accountType?.replace(/_/g, " ") ?? "Bank"} ${info.accountNumber ?? ""}` };
}

export default async function StablecoinsPage() {
  const { user } = await requireSession();
  const client = await serviceClient();
  const [links, coins, external, customerExternal, internal] = await Promise.all([
    client.GET("/stablecoin-provider-accounts", { params: { query: { limit: 100 } } }),
    client.GET("/stablecoins", { params: { query: { limit: 100 } } }),
    client.GET("/platform/external-accounts"),
    client.GET("/customers/external-accounts", { params: { query: { limit: 100 } } }),
    client.GET("/platform/internal-accounts"),
  ]);
  const coinList = coins.data?.data ?? [];
  const operationPages = await Promise.all(coinList.map((c) => client.GET("/stablecoins/{stablecoinId}/operations", { params: { path: { stablecoinId: c.id }, query: { limit: 50 } } })));
  const operations: Operation[] = operationPages.flatMap((p) => p.data?.data ?? []).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const error = links.error ?? coins.error ?? external.error ?? customerExternal.error ?? operationPages.find((p) => p.error)?.error;
  const accounts = [...(external.data?.data ?? []), ...(customerExternal.data?.data ?? [])].map(accountOption).filter((a): a is AccountOption => a !== null);
  for (const a of internal.data?.data ?? []) if (a.status === "ACTIVE") accounts.push({ id: a.id, kind: "INTERNAL", label: `Platform ${a.balance.currency.code} internal account` });
  const canManage = user.role !== "SUPPORT";
  const isSandbox = user.environment === "SANDBOX";
  const serverNow = (await client.GET("/sandbox/clock")).data?.now ?? new Date().toISOString();

  return (
    <>
      <PageHeader title="Stablecoins" description="Link your stablecoin provider, register the tokens it created for you, and mint or burn them against fiat." />
      <div className="space-y-6">
        {error && (
          <Notice tone="error" title="Some data could not be loaded">
            {error.message}
          </Notice>
        )}
        <ProviderLinks links={links.data?.data ?? []} canManage={canManage} isSandbox={isSandbox} />
        <StablecoinList coins={coinList} links={links.data?.data ?? []} canManage={canManage} />
        {canManage && <OperationForm coins={coinList} accounts={accounts} />}
        <OperationsList
          operations={operations}
          decimalsByCoin={Object.fromEntries(coinList.map((c) => [c.id, c.decimals]))}
          symbolByCoin={Object.fromEntries(coinList.map((c) => [c.id, c.symbol]))}
          isSandbox={isSandbox}
          serverNow={serverNow}
        />
      </div>
    </>
  );
}
