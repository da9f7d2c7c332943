import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";
import { DateTimeSeconds } from "@/components/date-time-seconds";
import { StatusBadge } from "@/components/status-badge";
import { DeliveryStatusBadge } from "@/components/delivery-status-badge";
import { explainFailureReason } from "../_lib/failure-reasons";
import { TRANSACTION_STATUSES, TransactionStatusBadge } from "./transaction-status-badge";

type StatusChange = components["schemas"]["TransactionStatusChange"];
type WebhookEvent = components["schemas"]["WebhookEvent"];
type PaymentStatus = components["schemas"]["TransactionStatus"];

/** A card transaction's history carries card statuses (AUTHORIZED, SETTLED, …), which have no payment tone. */
function StepStatusBadge({ status }: { status: StatusChange["status"] }) {
  const isPayment = (s: string): s is PaymentStatus => (TRANSACTION_STATUSES as readonly string[]).includes(s);
  return isPayment(status) ? <TransactionStatusBadge status={status} /> : <StatusBadge tone="neutral">{status}</StatusBadge>;
}

function eventHref(eventId: string): string {
  return `/webhooks/events/${encodeURIComponent(eventId)}`;
}

/** The webhook event a step wrote, with its delivery state when it could be loaded. */
function StepEvent({ step, event }: { step: StatusChange; event: WebhookEvent | undefined }) {
  if (!step.webhookEventId) return <p className="text-xs text-zinc-500">No webhook event for this step.</p>;
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="timeline-event">
      <Link href={eventHref(step.webhookEventId)} className="font-medium text-brand-700 hover:underline">
        {step.eventType ?? event?.type ?? "Webhook event"}
      </Link>
      {event ? (
        <>
          <DeliveryStatusBadge status={event.deliveryStatus} />
          <span className="text-zinc-500">{event.attemptCount} attempt(s)</span>
        </>
      ) : (
        <span className="text-zinc-500">delivery state unavailable</span>
      )}
    </div>
  );
}

/** Every status step, oldest first, each with the webhook event it caused and how its delivery went. */
export function StatusTimeline({ steps, events }: { steps: StatusChange[]; events: Map<string, WebhookEvent> }) {
  if (steps.length === 0) return <p className="px-5 py-6 text-sm text-zinc-500">No status changes recorded.</p>;
  return (
    <ol className="divide-y divide-zinc-100" aria-label="Status timeline">
      {steps.map((step, i) => (
        <li key={`${step.createdAt}-${i}`} className="flex flex-wrap items-start gap-4 px-5 py-3" data-testid="timeline-step">
          {/* min-w-max: a long timestamp widens its column rather than running into the badge. */}
          <span className="w-56 min-w-max shrink-0 text-xs text-zinc-500" data-testid="timeline-time">
            <DateTimeSeconds value={step.createdAt} />
          </span>
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <StepStatusBadge status={step.status} />
              {step.refundStatus && <StatusBadge tone="warning">Refund {step.refundStatus}</StatusBadge>}
              {step.failureReason && (
                <span className="font-mono text-xs text-red-700" title={explainFailureReason(step.failureReason)?.summary}>
                  {step.failureReason}
                </span>
              )}
              {step.note && <span className="text-xs text-zinc-500">{step.note}</span>}
            </div>
            <StepEvent step={step} event={step.webhookEventId ? events.get(step.webhookEventId) : undefined} />
          </div>
        </li>
      ))}
    </ol>
  );
}
