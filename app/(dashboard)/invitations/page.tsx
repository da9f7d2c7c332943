import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/page-header";
import { InvitationForm } from "./_components/invitation-form";
import { NOT_CONFIGURED_TEXT, invitationErrorText, umaDomainSuggestion } from "./_components/invitation-text";
import { InvitationsTable } from "./_components/invitations-table";
import { currencyDecimalsOf } from "./_lib/currency-decimals";
import { recentInvitationCodes } from "./_lib/recent-codes";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "Invitations" };

const ParamsSchema = z.object({ code: z.string().trim().max(64).optional().catch(undefined) });

export default async function InvitationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const { code } = ParamsSchema.parse(await searchParams);
  const client = await serviceClient();
  const get = (invitationCode: string) => client.GET("/invitations/{invitationCode}", { params: { path: { invitationCode } } });
  const [{ data: config }, lookup, recent, { data: customers }, { data: clock }] = await Promise.all([
    client.GET("/config"),
    code ? get(code) : undefined,
    recentInvitationCodes().then((codes) => Promise.all(codes.map(get))),
    client.GET("/customers", { params: { query: { limit: 1 } } }),
    client.GET("/sandbox/clock"), // a production platform answers 403: its clock is real time
  ]);
  const canManage = can(user, "MANAGE");
  const currencyCode = config?.supportedCurrencies[0]?.currencyCode ?? "USD";
  const isConfigured = Boolean(config?.umaDomain);
  const invitations = recent.flatMap((r) => (r.data ? [r.data] : []));
  // What to enter under Settings → UMA domain: the domain customers already have addresses at.
  const domainSuggestion = umaDomainSuggestion(customers?.data[0]?.umaAddress?.split("@")[1]);

  return (
    <>
      <PageHeader title="Invitations" description="Invite someone to receive money by UMA: share the link; when they claim it, your platform sends the payment." />
      <div className="space-y-6">
        {config && !isConfigured && (
          <Notice tone="warning" title="Invitations are not set up" testId="invitations-not-configured">
            {NOT_CONFIGURED_TEXT}
            {domainSuggestion && (
              <>
                {" "}
                <span data-testid="uma-domain-suggestion">{domainSuggestion}</span>
              </>
            )}{" "}
            <Link href="/settings" className="font-medium underline">
              Open Settings
            </Link>
          </Notice>
        )}
        {canManage ? (
          <Card title="New invitation">
            <InvitationForm currency={{ code: currencyCode, decimals: currencyDecimalsOf(currencyCode) }} platformNow={clock?.now} />
          </Card>
        ) : (
          <Notice tone="info" title="Read-only">
            Only admins can create or cancel invitations.
          </Notice>
        )}
        <Card title="Look up an invitation" description="Any invitation, by its code.">
          <form method="get" className="flex items-end gap-2" role="search" aria-label="Look up an invitation">
            <label className="flex-1">
              <span className="mb-1.5 block text-sm font-medium text-zinc-800">Invitation code</span>
              <Input name="code" defaultValue={code} maxLength={64} placeholder="K7Q2M9XD" autoComplete="off" />
            </label>
            <button type="submit" className={buttonClasses("secondary")}>
              Look up
            </button>
          </form>
          {lookup && (
            <div className="mt-4 overflow-hidden rounded-md border border-zinc-200">
              {lookup.data ? (
                <InvitationsTable invitations={[lookup.data]} canManage={canManage} caption="Invitation found" />
              ) : (
                <Notice tone="error" testId="invitation-lookup-error" className="border-0">
                  {lookup.error ? invitationErrorText({ code: lookup.error.code, message: lookup.error.message, status: lookup.response.status }) : "The service did not answer."}
                </Notice>
              )}
            </div>
          )}
        </Card>
        <Card title="Created here" description="Invitations created from this browser, newest first (the API looks invitations up by code only)." flush>
          <InvitationsTable invitations={invitations} canManage={canManage} caption="Recent invitations" empty="No invitations created from this browser yet. Look one up by its code above." />
        </Card>
      </div>
    </>
  );
}
