import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { resourceIdFromSegment } from "@/components/resource-id";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { DateTime } from "@/components/date-time";
import { Fact } from "@/components/fact";
import { formatMoney } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CursorPager, pagePosition, pagerLinks } from "@/components/cursor-pager";
import { collectPages } from "@/lib/client/collect-pages";
import { AgentLifecycle, AgentPolicyEditor } from "../_components/agent-controls";
import { AgentStateBadge } from "../_components/agent-state-badge";
import { ApprovalsInbox } from "../_components/approvals-inbox";
import { loadActionDestinations } from "../_lib/load-action-destinations";
import { loadCurrencies } from "../_lib/load-currencies";
import { loadCustomerNames } from "../../customers/_lib/load-customer-names";
import { can } from "../../_lib/can";

export const metadata: Metadata = { title: "Agent" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 20;
/** A customer has an account per currency and a few payees; past this the policy editor says it shows only some. */
const MAX_ACCOUNTS = 500;

export default async function AgentPage({ params, searchParams }: { params: Promise<{ agentId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const agentId = resourceIdFromSegment((await params).agentId, "Agent") ?? notFound();
  const position = pagePosition(await searchParams);
  const client = await serviceClient();
  const { data: agent, error, response } = await client.GET("/agents/{agentId}", { params: { path: { agentId } } });
  if (response.status === 404) notFound();
  if (!agent)
    return (
      <Notice tone="error" title="The agent could not be loaded">
        {error?.message}
      </Notice>
    );
  const { customerId } = agent;
  const [approvals, internal, external, currencies] = await Promise.all([
    client.GET("/agents/approvals", { params: { query: { agentId, limit: PAGE_SIZE, cursor: position.cursor } } }),
    collectPages((cursor) => client.GET("/customers/internal-accounts", { params: { query: { customerId, limit: 100, cursor } } }), { maxItems: MAX_ACCOUNTS }),
    collectPages((cursor) => client.GET("/customers/external-accounts", { params: { query: { customerId, limit: 100, cursor } } }), { maxItems: MAX_ACCOUNTS }),
    loadCurrencies(client),
  ]);
  const pending = approvals.data?.data ?? [];
  const [customerNames, destinations] = await Promise.all([loadCustomerNames(client, [customerId]), loadActionDestinations(client, pending)]);
  const customerName = customerNames.get(customerId);
  const accounts = [
    ...internal.items.map((a) => ({ id: a.id, label: `${a.balance.currency.code} internal account` })),
    ...external.items.map((a) => ({ id: a.id, label: `${a.currency} external account ${a.id.slice(-6)}` })),
  ];
  const accountsError = internal.error ?? external.error;
  const isAccountListCut = internal.hasMore || external.hasMore;
  const limits = agent.policy.spendingLimits;
  const info = currencies.find((c) => c.code === limits.currency);
  const money = (amount: number) => formatMoney(amount, { code: limits.currency, symbol: info?.symbol, decimals: info?.decimals ?? 2 });
  const canEdit = can(user, "MANAGE");

  return (
    <>
      <Link href="/agents" className="text-sm text-brand-700 hover:underline">
        ← Agents
      </Link>
      <PageHeader title={agent.name} description={`Acts for customer ${customerName ? `${customerName} (${agent.customerId})` : agent.customerId}.`} actions={<AgentStateBadge agent={agent} />} />
      <div className="space-y-6">
        <Card title="Today">
          <dl className="grid gap-4 sm:grid-cols-4">
            <Fact label="Spent today" testId="agent-daily-spend">{money(agent.usage.dailySpend)}</Fact>
            <Fact label="Actions today">{agent.usage.dailyTransactionCount}</Fact>
            <Fact label="Spent this month">{money(agent.usage.monthlySpend)}</Fact>
            <Fact label="Created"><DateTime value={agent.createdAt} /></Fact>
          </dl>
        </Card>
        {accountsError && <Notice tone="error" title="The customer's accounts could not all be loaded">{accountsError.message}</Notice>}
        {!accountsError && isAccountListCut && (
          <Notice tone="warning" title={`The account restriction lists the customer's first ${MAX_ACCOUNTS} internal and external accounts only`} />
        )}
        <AgentPolicyEditor agent={agent} currencies={currencies} accounts={accounts} canEdit={canEdit} />
        <ApprovalsInbox
          actions={pending}
          agentNames={{ [agent.id]: agent.name }}
          customerNames={Object.fromEntries(customerNames)}
          destinations={destinations}
          currencies={currencies}
          canDecide={can(user, "TRANSACT")}
          pager={<CursorPager label="Approval pages" {...pagerLinks(`/agents/${encodeURIComponent(agent.id)}`, {}, position, approvals.data)} />}
        />
        {canEdit && <AgentLifecycle agent={agent} />}
      </div>
    </>
  );
}
