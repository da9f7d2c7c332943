import type { components } from "@/lib/client/generated/schema";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";
import { CancelInvitationButton } from "./cancel-invitation-button";

type Invitation = components["schemas"]["UmaInvitation"];

const TONES: Record<Invitation["status"], BadgeTone> = { PENDING: "info", CLAIMED: "success", EXPIRED: "neutral", CANCELLED: "danger" };

/** Invitations with their status; PENDING ones can be cancelled by admins. */
export function InvitationsTable({ invitations, canManage, caption, empty }: { invitations: Invitation[]; canManage: boolean; caption: string; empty?: string }) {
  const columns: Column<Invitation>[] = [
    {
      header: "Code",
      cell: (i) => (
        <div>
          <code className="font-mono text-sm font-medium text-zinc-900">{i.code}</code>
          <a href={i.url} target="_blank" rel="noreferrer" className="block text-xs text-brand-700 hover:underline">
            Invitation link
          </a>
        </div>
      ),
    },
    { header: "Status", cell: (i) => <span data-testid={`invitation-status-${i.code}`}><StatusBadge tone={TONES[i.status]}>{i.status}</StatusBadge></span> },
    {
      header: "Inviter → invitee",
      cell: (i) => (
        <div className="text-xs">
          <code className="font-mono">{i.inviterUma}</code>
          <span className="block text-zinc-500">
            → {i.firstName ?? "someone"}
            {i.inviteeUma ? ` (${i.inviteeUma})` : ""}
          </span>
        </div>
      ),
    },
    { header: "Amount", className: "text-right", cell: (i) => (i.amountToSend ? <Money amount={i.amountToSend.amount} currency={i.amountToSend.currency} /> : "—") },
    { header: "Created", cell: (i) => <DateTime value={i.createdAt} /> },
    { header: "Expires", cell: (i) => (i.claimedAt ? <span className="text-xs text-zinc-500">Claimed <DateTime value={i.claimedAt} /></span> : <DateTime value={i.expiresAt} />) },
    { header: <span className="sr-only">Actions</span>, className: "text-right", cell: (i) => canManage && i.status === "PENDING" && <CancelInvitationButton code={i.code} /> },
  ];
  return <DataTable caption={caption} columns={columns} rows={invitations} rowKey={(i) => i.code} empty={empty} />;
}
