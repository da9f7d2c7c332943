import type { Metadata } from "next";
import Link from "next/link";
import { requireSession } from "@/lib/auth/session";
import type { ServiceClient } from "@/lib/client/create-client";
import { serviceClient } from "@/lib/client/server";
import { formatMoney } from "@/components/money";
import { PageHeader } from "@/components/page-header";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { CursorPager, PAGE_PARAMS, pageParams, pagePosition, pagerLinks, positionQuery } from "@/components/cursor-pager";
import { AgentStateBadge } from "./_components/agent-state-badge";
import { ApprovalsInbox } from "./_components/approvals-inbox";
import { loadActionDestinations } from "./_lib/load-action-destinations";
import { loadCustomerNames } from "../customers/_lib/load-customer-names";
import { loadCurrencies } from "./_lib/load-currencies";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "Agents" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 20;
/** The approvals inbox pages on its own: `?approvalsCursor=…&approvalsPage=N`. */
const APPROVAL_PAGE = pageParams("approvals");

export default async function AgentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const search = await searchParams;
  const agentsAt = pagePosition(search);
  const approvalsAt = pagePosition(search, APPROVAL_PAGE);
  const client = await serviceClient();
  const [agents, approvals, currencies] = await Promise.all([
    client.GET("/agents", { params: { query: { limit: PAGE_SIZE, cursor: agentsAt.cursor } } }),
    client.GET("/agents/approvals", { params: { query: { limit: PAGE_SIZE, cursor: approvalsAt.cursor } } }),
    loadCurrencies(client),
  ]);
  const list = agents.data?.data ?? [];
  const pending = approvals.data?.data ?? [];
  const [agentNames, customerNames, destinations] = await Promise.all([
    namesOfAgents(client, list, pending),
    loadCustomerNames(client, [...pending.map((a) => a.customerId), ...list.map((a) => a.customerId)]),
    loadActionDestinations(client, pending),
  ]);
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
          // POST /agents requires MANAGE: only admins can create agents.
          can(user, "MANAGE") && (
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
        <ApprovalsInbox
          actions={pending}
          agentNames={agentNames}
          customerNames={Object.fromEntries(customerNames)}
          destinations={destinations}
          currencies={currencies}
          canDecide={can(user, "TRANSACT")}
          pager={<CursorPager label="Approval pages" {...pagerLinks("/agents", positionQuery(agentsAt, PAGE_PARAMS), approvalsAt, approvals.data, APPROVAL_PAGE)} />}
        />
        <Card title="All agents" flush>
          <DataTable
            caption="Agents"
            rows={list}
            rowKey={(a) => a.id}
            empty="No agents yet. Create one to let software act for a customer within limits you set."
            columns={[
              { header: "Name", cell: (a) => <Link className="font-medium text-brand-700 hover:underline" href={`/agents/${encodeURIComponent(a.id)}`}>{a.name}</Link> },
              { header: "Customer", cell: (a) => <Link className={`${customerNames.has(a.customerId) ? "" : "font-mono text-xs "}text-brand-700 hover:underline`} href={`/customers/${encodeURIComponent(a.customerId)}`}>{customerNames.get(a.customerId) ?? a.customerId}</Link> },
              { header: "State", cell: (a) => <AgentStateBadge agent={a} /> },
              { header: "Today", cell: (a) => `${money(a.usage.dailySpend, a.policy.spendingLimits.currency)} · ${a.usage.dailyTransactionCount} ${a.usage.dailyTransactionCount === 1 ? "action" : "actions"}` },
            ]}
          />
          <CursorPager label="Agent pages" {...pagerLinks("/agents", positionQuery(approvalsAt, APPROVAL_PAGE), agentsAt, agents.data)} />
        </Card>
      </div>
    </>
  );
}

/** Names for the inbox: the agents on this page, and the others that have approvals waiting (each read once). */
async function namesOfAgents(client: ServiceClient, agents: { id: string; name: string }[], approvals: { agentId: string }[]): Promise<Record<string, string>> {
  const names: Record<string, string> = Object.fromEntries(agents.map((a) => [a.id, a.name]));
  const missing = [...new Set(approvals.map((a) => a.agentId))].filter((id) => !(id in names));
  const found = await Promise.all(missing.map((agentId) => client.GET("/agents/{agentId}", { params: { path: { agentId } } })));
  for (const { data } of found) if (data) names[data.id] = data.name;
  return names;
}
