import type { Metadata } from "next";
import type { components } from "@/lib/client/generated/schema";
import { requireSession } from "@/lib/auth/session";
import { apiBaseUrl } from "@/lib/client/api-base-url";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { DateTime } from "@/components/date-time";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/status-badge";
import { CreateTokenForm } from "./_components/create-token-form";
import { RevokeTokenButton } from "./_components/revoke-token-button";
import { countLabel, CursorPager, pagePosition, pagerLinks } from "@/components/cursor-pager";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "API tokens" };

type ApiToken = components["schemas"]["ApiToken"];

const PAGE_SIZE = 20;

export default async function ApiTokensPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const canManage = can(user, "MANAGE");
  const position = pagePosition(await searchParams);
  const client = await serviceClient();
  const [{ data: page, error }, baseUrl, { data: clock }] = await Promise.all([
    client.GET("/tokens", { params: { query: { limit: PAGE_SIZE, cursor: position.cursor } } }),
    apiBaseUrl(),
    client.GET("/sandbox/clock"), // a production platform answers 403: its clock is real time
  ]);
  const now = clock ? Date.parse(clock.now) : Date.now(); // tokens expire by the platform's clock

  const columns: Column<ApiToken>[] = [
    { header: "Name", cell: (t) => <span className="font-medium text-zinc-900">{t.name}</span> },
    {
      header: "Permissions",
      cell: (t) => (
        <div className="flex flex-wrap gap-1">
          {t.permissions.map((p) => (
            <StatusBadge key={p}>{p}</StatusBadge>
          ))}
        </div>
      ),
    },
    { header: "Client ID", cell: (t) => <code className="font-mono text-xs whitespace-nowrap text-zinc-600">{t.clientId}</code> },
    { header: "Created", cell: (t) => <DateTime value={t.createdAt} /> },
    {
      header: "Expires",
      cell: (t) =>
        !t.expiresAt ? <span className="text-zinc-500">Never</span> : Date.parse(t.expiresAt) <= now ? <StatusBadge tone="danger">Expired</StatusBadge> : <DateTime value={t.expiresAt} />,
    },
  ];
  if (canManage) {
    columns.push({ header: <span className="sr-only">Actions</span>, className: "text-right", cell: (t) => <RevokeTokenButton tokenId={t.id} name={t.name} clientId={t.clientId} /> });
  }

  return (
    <>
      <PageHeader title="API tokens" description="Credentials for the Service API: HTTP Basic with the client ID as user name and the secret as password." />
      <div className="space-y-6">
        {canManage ? (
          <Card title="Create a token" description="Give each integration its own token with only the permissions it needs.">
            <CreateTokenForm baseUrl={baseUrl} platformNow={clock?.now} />
          </Card>
        ) : (
          <Notice tone="info" title="Read-only">Only admins can create and revoke API tokens.</Notice>
        )}
        <Card title="Active tokens" description={page ? `${countLabel(page)} token(s), newest first.` : undefined} flush>
          {page ? (
            <DataTable caption="API tokens" columns={columns} rows={page.data} rowKey={(t) => t.id} empty="No tokens yet. Create one above." />
          ) : (
            <div className="p-5">
              <Notice tone="error" title="Could not load tokens">{error?.message ?? "The service did not answer."}</Notice>
            </div>
          )}
          <CursorPager label="Token pages" {...pagerLinks("/api-tokens", {}, position, page)} />
        </Card>
      </div>
    </>
  );
}
