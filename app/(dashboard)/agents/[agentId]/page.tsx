import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { DateTime } from "@/components/date-time";
import { Fact } from "@/components/fact";
import { formatMoney } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { AgentLifecycle, AgentPolicyEditor } from "../_components/agent-controls";
import { AgentStateBadge } from "../_components/agent-state-badge";
import { ApprovalsInbox } from "../_components/approvals-inbox";
import { loadCurrencies } from "../_lib/load-currencies";

export const metadata: Metadata = { title: "Agent" };
export const dynamic = "force-dynamic";

export default async function AgentPage({ params }: { params: Promise<{ agentId: string }> }) {
  const { user } = await requireSession();
  const agentId = decodeURIComponent((await params).agentId);
  const client = await serviceClient();
  const { data: agent, error, response } = await client.GET("/agents/{agentId}", { params: { path: { agentId } } });
  if (response.status === 404) notFound();
  if (!agent)
    return (
      <Notice tone="error" title="The agent could not be loaded">
        {error?.message}
      </Notice>
    );
  const [approvals, internal, external, currencies] = await Promise.all([
    client.GET("/agents/approvals", { params: { query: { agentId, limit: 100 } } }),
    client.GET("/customers/internal-accounts", { params: { query: { customerId: agent.customerId, limit: 100 } } }),
    client.GET("/customers/external-accounts", { params: { query: { customerId: agent.customerId, limit: 100 } } }),
    loadCurrencies(client),
  ]);
  const accounts = [
    ...(internal.data?.data ?? []).map((a) => ({ id: a.id, label: `${a.balance.currency.code} internal account` })),
    ...(external.data?.data ?? []).map((a) => ({ id: a.id, label: `${a.currency} external account ${a.id.slice(-6)}` })),
  ];
  const limits = agent.policy.spendingLimits;
  const info = currencies.find((c) => c.code === limits.currency);
  const money = (amount: number) => formatMoney(amount, { code: limits.currency, symbol: info?.symbol, decimals: info?.decimals ?? 2 });
  const canEdit = user.role === "ADMIN";

  return (
    <>
      <Link href="/agents" className="text-sm text-brand-700 hover:underline">
        ← Agents
      </Link>
      <PageHeader title={agent.name} description={`Acts for customer ${agent.customerId}.`} actions={<AgentStateBadge agent={agent} />} />
      <div className="space-y-6">
        <Card title="Today">
          <dl className="grid gap-4 sm:grid-cols-4">
            <Fact label="Spent today" testId="agent-daily-spend">{money(agent.usage.dailySpend)}</Fact>
            <Fact label="Actions today">{agent.usage.dailyTransactionCount}</Fact>
            <Fact label="Spent this month">{money(agent.usage.monthlySpend)}</Fact>
            <Fact label="Created"><DateTime value={agent.createdAt} /></Fact>
          </dl>
        </Card>
        <AgentPolicyEditor agent={agent} currencies={currencies} accounts={accounts} canEdit={canEdit} />
        <ApprovalsInbox actions={approvals.data?.data ?? []} agentNames={{ [agent.id]: agent.name }} currencies={currencies} canDecide={user.role !== "SUPPORT"} />
        {canEdit && <AgentLifecycle agent={agent} />}
      </div>
    </>
  );
}
