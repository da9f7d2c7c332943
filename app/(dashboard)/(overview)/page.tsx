import type { ReactNode } from "react";
import Link from "next/link";
import { requireSession } from "@/lib/auth/session";
import { apiBaseUrl, isExternalService } from "@/lib/client/api-base-url";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/code-block";
import { CopyButton } from "@/components/copy-button";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/status-badge";
import { BootstrapCredentials } from "./_components/bootstrap-credentials";
import { bootstrapCredentialsFor } from "./_lib/bootstrap-credentials-for";
import { can } from "../_lib/can";

const ROLE_ACCESS = {
  ADMIN: "Admin: view everything, send payments, and manage settings and API tokens.",
  OPERATOR: "Operator: view everything and send payments.",
  SUPPORT: "Support: view everything; no changes.",
} as const;

export default async function OverviewPage() {
  const { user } = await requireSession();
  const baseUrl = await apiBaseUrl();
  const external = isExternalService();
  const bootstrap = external ? null : bootstrapCredentialsFor(user);

  return (
    <>
      <PageHeader title="Overview" description="Your platform at a glance, and how to reach its API." />
      <div className="space-y-6">
        {bootstrap && <BootstrapCredentials clientId={bootstrap.clientId} clientSecret={bootstrap.clientSecret} baseUrl={baseUrl} />}
        <div className="grid gap-6 lg:grid-cols-3">
          <Card title="Platform">
            <dl className="space-y-3 text-sm">
              <Item label="Name">{user.platformName}</Item>
              <Item label="Environment">
                <StatusBadge tone={user.environment === "SANDBOX" ? "warning" : "success"}>
                  {user.environment === "SANDBOX" ? "Sandbox" : "Production"}
                </StatusBadge>
              </Item>
              <Item label="Your access">{ROLE_ACCESS[user.role]}</Item>
            </dl>
          </Card>
          <Card title="Service API" className="lg:col-span-2" description={external ? "This dashboard drives an external service." : undefined}>
            <p className="mb-1 text-xs font-medium tracking-wide text-zinc-500 uppercase">Base URL</p>
            <div className="mb-4 flex items-center gap-2">
              <code data-testid="api-base-url" className="flex-1 truncate rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-xs">
                {baseUrl}
              </code>
              <CopyButton value={baseUrl} label="base URL" />
            </div>
            <p className="mb-2 text-sm text-zinc-600">
              Authenticate with HTTP Basic: an API token&apos;s client ID as user name, its secret as password.
            </p>
            <CodeBlock label="curl example" code={`curl -u "$CLIENT_ID:$CLIENT_SECRET" \\\n  ${baseUrl}/config`} />
          </Card>
        </div>
        <Card title="Next steps">
          {/* Only steps the member's role can take: tokens and the webhook endpoint need MANAGE (admins). */}
          <ul className="grid gap-3 text-sm md:grid-cols-3" data-testid="next-steps">
            {can(user, "MANAGE") ? (
              <>
                <Step href="/api-tokens" title="Create an API token">Give each integration its own credentials and permissions.</Step>
                <Step href="/settings" title="Set your webhook endpoint">Receive signed events when payments change state.</Step>
              </>
            ) : (
              <>
                <Step href="/customers" title="Find a customer">Search by name or your customer ID, and see their accounts and verification.</Step>
                <Step href="/transactions" title="Review transactions">Every payment with its status, what went wrong, and its webhook deliveries.</Step>
              </>
            )}
            <Step href="/api-reference" title="Explore the API">
              {can(user, "TRANSACT") ? "Every operation, with a Try it panel that runs as you." : "Every operation and its fields; Try it runs what your role may do."}
            </Step>
          </ul>
        </Card>
      </div>
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-zinc-900">{children}</dd>
    </div>
  );
}

/** Not prefetched: each visit and refresh of the overview would render every page a step leads to. */
function Step({ href, title, children }: { href: string; title: string; children: ReactNode }) {
  return (
    <li>
      <Link href={href} prefetch={false} className="block h-full rounded-md border border-zinc-200 p-4 hover:border-brand-500 hover:bg-brand-50/40">
        <p className="font-medium text-brand-700">{title} →</p>
        <p className="mt-1 text-zinc-600">{children}</p>
      </Link>
    </li>
  );
}
