import type { components } from "@/lib/client/generated/schema";
import { Fragment } from "react";
import { DateTime } from "@/components/date-time";
import { Money } from "@/components/money";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";
import type { Column } from "@/components/ui/data-table";

type IssuedCard = components["schemas"]["Card"];
type CardTransaction = components["schemas"]["CardTransaction"];

export const CARD_TONES: Record<string, BadgeTone> = { ACTIVE: "success", FROZEN: "info", PROCESSING: "warning", CLOSED: "neutral", PENDING_KYC: "warning" };
const TX_TONES: Record<string, BadgeTone> = { AUTHORIZED: "info", PARTIALLY_SETTLED: "warning", SETTLED: "success", DECLINED: "danger", VOIDED: "neutral", EXCEPTION: "danger" };

export function CardStateBadge({ card }: { card: IssuedCard }) {
  return <StatusBadge tone={CARD_TONES[card.state] ?? "neutral"}>{card.stateReason ? `${card.state} (${card.stateReason})` : card.state}</StatusBadge>;
}

/**
 * A card transaction's status, with its decline reason when declined. On a phone the reason wraps,
 * at its underscores (SPEND_LIMIT_ / EXCEEDED), instead of running past the table's visible edge.
 */
export function CardTransactionStatusBadge({ transaction: t }: { transaction: CardTransaction }) {
  if (!t.cardDeclinedReason) return <StatusBadge tone={TX_TONES[t.status] ?? "neutral"}>{t.status}</StatusBadge>;
  const parts = t.cardDeclinedReason.split("_");
  return (
    <StatusBadge tone={TX_TONES[t.status] ?? "neutral"} isWrapping>
      {t.status} ·{" "}
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              _<wbr />
            </>
          )}
        </Fragment>
      ))}
    </StatusBadge>
  );
}

/** Card transactions: merchant, status (with the decline reason; early, so a phone shows it), direction, authorized, settled and refunded amounts. */
export const cardTransactionColumns: Column<CardTransaction>[] = [
  { header: "Merchant", cell: (t) => [t.merchant.descriptor, t.merchant.country].filter(Boolean).join(" · ") },
  { header: "Status", className: "min-w-28", cell: (t) => <span data-testid="card-transaction-status"><CardTransactionStatusBadge transaction={t} /></span> },
  { header: "Direction", cell: (t) => t.direction },
  { header: "Authorized", cell: (t) => <Money amount={t.authorizedAmount.amount} currency={t.authorizedAmount.currency} /> },
  { header: "Settled", cell: (t) => (t.settledAmount.amount ? <Money amount={t.settledAmount.amount} currency={t.settledAmount.currency} /> : "—") },
  { header: "Refunded", cell: (t) => (t.refundedAmount.amount ? <Money amount={t.refundedAmount.amount} currency={t.refundedAmount.currency} /> : "—") },
  { header: "Authorized at", cell: (t) => <DateTime value={t.authorizedAt} /> },
];
