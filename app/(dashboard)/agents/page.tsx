import type { Metadata } from "next";
import Link from "next/link";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { formatMoney } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { AgentStateBadge } from "./_components/agent-state-badge";
import { ApprovalsInbox } from "./_components/approvals-inbox";
import { loadCurrencies } from "./_lib/load-currencies";

export const metadata: Metadata = { title: "Agents" };
export const dynamic = "force-dynamic";

export default async function AgentsPage() {
  const { user } = await requireSession();
  const client = await serviceClient();
  const [agents, approvals, currencies] = await Promise.all([
    client.GET("/agents", { params: { query: { limit: 100 } } }),
    client.GET("/agents/approvals", { params: { query: { limit: 100 } } }),
    loadCurrencies(client),
  ]);
  const list = agents.data?.data ?? [];
  const error = agents.error ?? approvals.error;
  const money = (amount: number, code: string) => {
    const info = currencies.find((c) => c.code === code);
    return formatMoney(amount, { code, symbol: info?.symbol, decimals: info?.decimals ?? 2 });
  };

  return (
    <>
      <PageHeader
        title="Agents"
        description="AI agents acting for your customers under a policy: what they may do, how much, and what needs a person's approval."
        actions={
          user.role !== "SUPPORT" && (
            <Link href="/agents/new" className={buttonClasses("primary")}>
              New agent
            </Link>
          )
        }
      />
      <div className="space-y-6">
        {error && (
          <Notice tone="error" title="Some data could not be loaded">
            {error.message}
          </Notice>
        )}
        <ApprovalsInbox actions={approvals.data?.data ?? []} agentNames={Object.fromEntries(list.map((a) => [a.id, a.name]))} currencies={currencies} canDecide={user.role !== "SUPPORT"} />
        <Card title="All agents" flush>
          <DataTable
            caption="Agents"
            rows={list}
            rowKey={(a) => a.id}
            empty="No agents yet. Create one to let software act for a customer within limits you set."
            columns={[
              { header: "Name", cell: (a) => <Link className="font-medium text-brand-700 hover:underline" href={`/agents/${encodeURIComponent(a.id)}`}>{a.name}</Link> },
              { header: "Customer", cell: (a) => <Link className="font-mono text-xs text-brand-700 hover:underline" href={`/customers/${encodeURIComponent(a.customerId)}`}>{a.customerId}</Link> },
              { header: "State", cell: (a) => <AgentStateBadge agent={a} /> },
              { header: "Today", cell: (a) => `${money(a.usage.dailySpend, a.policy.spendingLimits.currency)} · ${a.usage.dailyTransactionCount} ${a.usage.dailyTransactionCount === 1 ? "action" : "actions"}` },
            ]}
          />
        </Card>
      </div>
    </>
  );
}
