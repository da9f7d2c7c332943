import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";
import { Notice } from "@/components/ui/notice";
import { API_BASE_PATH } from "@/lib/service/http/openapi";
import { loadInvitation, type Invitation } from "../_lib/load-invitation";

export const metadata: Metadata = { title: { absolute: "Invitation" }, robots: { index: false } };
export const dynamic = "force-dynamic";

const STATUS_TONES: Record<Invitation["status"], BadgeTone> = { PENDING: "info", CLAIMED: "success", EXPIRED: "warning", CANCELLED: "neutral" };

/**
 * The public page behind an invitation's `url` (/invite/<code>): anyone with the link, no staff
 * sign-in. It shows the invitation as GET /invitations/{code} does and how the invitee takes it up:
 * their UMA provider claims it with the code (POST /invitations/{code}/claim). The code travels in
 * the path, so other sites get only our origin as Referer (lib/security-headers.ts).
 */
export default async function InvitePage({ params }: { params: Promise<{ code: string }> }) {
  // lib/server.ts answers 400 to a path whose escapes do not decode, so this one does.
  const invitation = await loadInvitation(decodeURIComponent((await params).code));
  if (!invitation) notFound();
  const invitee = invitation.firstName ? `${invitation.firstName}, you are invited` : "You are invited";
  return (
    <main className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <div className="space-y-6 rounded-lg border border-zinc-200 bg-white p-6 shadow-sm sm:p-8" data-testid="invitation">
        <div className="space-y-2">
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">UMA invitation {invitation.code}</p>
          <h1 className="text-2xl font-semibold text-zinc-900">{invitee}</h1>
          <p className="text-zinc-700">
            <span className="font-mono break-all" data-testid="invitation-inviter">
              {invitation.inviterUma}
            </span>{" "}
            {invitation.amountToSend ? (
              <>
                wants to send you{" "}
                <strong data-testid="invitation-amount">
                  <Money amount={invitation.amountToSend.amount} currency={invitation.amountToSend.currency} />
                </strong>{" "}
                by UMA.
              </>
            ) : (
              "invited you to receive money by UMA."
            )}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-zinc-500">Status</dt>
          <dd>
            <StatusBadge tone={STATUS_TONES[invitation.status]}>
              <span data-testid="invitation-status">{invitation.status}</span>
            </StatusBadge>
          </dd>
          <dt className="text-zinc-500">Expires</dt>
          <dd data-testid="invitation-expiry">{invitation.expiresAt ? <DateTime value={invitation.expiresAt} /> : "Never"}</dd>
          {invitation.claimedAt && (
            <>
              <dt className="text-zinc-500">Claimed</dt>
              <dd>
                <DateTime value={invitation.claimedAt} />
                {invitation.inviteeUma && <span className="font-mono break-all"> by {invitation.inviteeUma}</span>}
              </dd>
            </>
          )}
        </dl>
        <StatusExplanation invitation={invitation} />
      </div>
    </main>
  );
}

/** The path segment as typed; a malformed escape (%E0) is no code at all. */
function StatusExplanation({ invitation }: { invitation: Invitation }): ReactNode {
  switch (invitation.status) {
    case "CLAIMED":
      return (
        <Notice tone="success" title="Already claimed" testId="invitation-state">
          This invitation was claimed{invitation.inviteeUma ? ` for ${invitation.inviteeUma}` : ""}, so it cannot be claimed again. The payment comes from{" "}
          {invitation.inviterUma}&apos;s provider; ask them if it has not arrived.
        </Notice>
      );
    case "EXPIRED":
      return (
        <Notice tone="warning" title="This invitation has expired" testId="invitation-state">
          It can no longer be claimed. Ask {invitation.inviterUma} to send you a new invitation.
        </Notice>
      );
    case "CANCELLED":
      return (
        <Notice tone="warning" title="This invitation was cancelled" testId="invitation-state">
          The inviter withdrew it, so it can no longer be claimed. Ask {invitation.inviterUma} if you expected it.
        </Notice>
      );
    case "PENDING":
      return <HowToClaim invitation={invitation} />;
  }
}

function HowToClaim({ invitation }: { invitation: Invitation }) {
  return (
    <section className="space-y-3 text-sm text-zinc-700" aria-labelledby="how-to-claim" data-testid="invitation-state">
      <h2 id="how-to-claim" className="text-base font-semibold text-zinc-900">
        How to claim it
      </h2>
      <ol className="list-decimal space-y-1.5 pl-5">
        <li>Open the app that gives you your UMA address (your UMA provider). If you have none yet, sign up with one first.</li>
        <li>
          Give it this invitation code: <strong className="font-mono text-zinc-900">{invitation.code}</strong>. It claims the invitation for your UMA address.
        </li>
        <li>{invitation.inviterUma}&apos;s provider is told of your claim and sends you the payment.</li>
      </ol>
      <details className="rounded-md border border-zinc-200 bg-zinc-50 px-4 py-3">
        <summary className="cursor-pointer font-medium text-zinc-900">For UMA providers: claim it through the Service API</summary>
        <p className="mt-2">With your platform&apos;s API token (MANAGE permission), send the invitee&apos;s UMA address:</p>
        <pre className="mt-2 overflow-x-auto rounded bg-zinc-900 px-3 py-2 font-mono text-xs text-zinc-100" data-testid="invitation-claim-call">
          {`POST ${API_BASE_PATH}/invitations/${invitation.code}/claim\n{ "inviteeUma": "$you@your-provider.example" }`}
        </pre>
        <p className="mt-2">The invitation becomes CLAIMED, and the inviter&apos;s platform gets the INVITATION.CLAIMED webhook.</p>
      </details>
    </section>
  );
}
