import type { Metadata } from "next";
import { requireSession } from "@/lib/auth/session";
import { collectPages } from "@/lib/client/collect-pages";
import { serviceClient } from "@/lib/client/server";
import { CursorPager, pageParams, pagePosition, pagerLinks, positionQuery, type PageParamNames } from "@/components/cursor-pager";
import { PageHeader } from "@/components/page-header";
import { Notice } from "@/components/ui/notice";
import { CoinTabs } from "./_components/coin-tabs";
import { OperationForm } from "./_components/operation-form";
import { OperationsList } from "./_components/operations-list";
import { ProviderLinks } from "./_components/provider-links";
import { StablecoinList } from "./_components/stablecoin-list";
import { loadOperationAccounts, MAX_ACCOUNT_CHOICES } from "./_lib/load-operation-accounts";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "Stablecoins" };
export const dynamic = "force-dynamic";

const BASE = "/stablecoins";
const PAGE_SIZE = 20;
/** Stablecoins and active links the forms offer; a platform has a handful. */
const MAX_CHOICES = 1000;
/** Each list pages on its own; the operations list shows one stablecoin's (`?coin=`). */
const LISTS = { links: pageParams("links"), coins: pageParams("coins"), ops: pageParams("ops") } satisfies Record<string, PageParamNames>;

export default async function StablecoinsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const search = await searchParams;
  const at = { links: pagePosition(search, LISTS.links), coins: pagePosition(search, LISTS.coins), ops: pagePosition(search, LISTS.ops) };
  const client = await serviceClient();
  const [links, activeLinks, coins, allCoins, accounts, clock] = await Promise.all([
    client.GET("/stablecoin-provider-accounts", { params: { query: { limit: PAGE_SIZE, cursor: at.links.cursor } } }),
    collectPages((cursor) => client.GET("/stablecoin-provider-accounts", { params: { query: { status: "ACTIVE", limit: 100, cursor } } }), { maxItems: MAX_CHOICES }),
    client.GET("/stablecoins", { params: { query: { limit: PAGE_SIZE, cursor: at.coins.cursor } } }),
    collectPages((cursor) => client.GET("/stablecoins", { params: { query: { limit: 100, cursor } } }), { maxItems: MAX_CHOICES }),
    loadOperationAccounts(client),
    client.GET("/sandbox/clock"),
  ]);
  const coinList = allCoins.items;
  const coin = coinList.find((c) => c.id === search.coin) ?? coinList[0];
  const operations = coin ? await client.GET("/stablecoins/{stablecoinId}/operations", { params: { path: { stablecoinId: coin.id }, query: { limit: PAGE_SIZE, cursor: at.ops.cursor } } }) : undefined;
  const error = links.error ?? activeLinks.error ?? coins.error ?? allCoins.error ?? accounts.error ?? operations?.error;
  const isCut = activeLinks.hasMore || allCoins.hasMore || accounts.hasMore;
  const canManage = can(user, "MANAGE"); // link providers, register coins
  const canTransact = can(user, "TRANSACT"); // mint and burn
  const isSandbox = user.environment === "SANDBOX";
  const coinQuery = coin && search.coin === coin.id ? { coin: coin.id } : {};
  /** The URL of everything but `list`, so paging one list keeps the others where they are. */
  const keep = (list: keyof typeof LISTS) => ({ ...coinQuery, ...Object.fromEntries(Object.entries(LISTS).filter(([name]) => name !== list).flatMap(([name, names]) => Object.entries(positionQuery(at[name as keyof typeof LISTS], names)))) });

  return (
    <>
      <PageHeader title="Stablecoins" description="Link your stablecoin provider, register the tokens it created for you, and mint or burn them against fiat." />
      <div className="space-y-6">
        {error && (
          <Notice tone="error" title="Some data could not be loaded">
            {error.message}
          </Notice>
        )}
        {isCut && <Notice tone="warning" title={`The forms offer the first ${MAX_CHOICES.toLocaleString("en-US")} stablecoins, links and ${MAX_ACCOUNT_CHOICES.toLocaleString("en-US")} accounts of each kind only.`} />}
        <ProviderLinks links={links.data?.data ?? []} canManage={canManage} isSandbox={isSandbox} pager={<CursorPager label="Provider link pages" {...pagerLinks(BASE, keep("links"), at.links, links.data, LISTS.links)} />} />
        <StablecoinList coins={coins.data?.data ?? []} activeLinks={activeLinks.items} hasLinks={(links.data?.data.length ?? 0) > 0} canManage={canManage} pager={<CursorPager label="Stablecoin pages" {...pagerLinks(BASE, keep("coins"), at.coins, coins.data, LISTS.coins)} />} />
        {canTransact && <OperationForm coins={coinList} accounts={accounts.accounts} shownCoinId={coin?.id} canManageAccounts={canManage} />}
        <OperationsList
          operations={operations?.data?.data ?? []}
          decimals={coin?.decimals ?? 2}
          symbol={coin?.symbol ?? ""}
          canSimulateFunds={isSandbox && canTransact}
          serverNow={clock.data?.now ?? new Date().toISOString()}
          tabs={coinList.length > 1 && coin ? <CoinTabs coins={coinList} current={coin.id} hrefOf={(id) => `${BASE}?${new URLSearchParams({ ...keep("ops"), coin: id })}`} /> : null}
          pager={coin ? <CursorPager label="Operation pages" {...pagerLinks(BASE, { ...keep("ops"), coin: coin.id }, at.ops, operations?.data, LISTS.ops)} /> : null}
        />
      </div>
    </>
  );
}
