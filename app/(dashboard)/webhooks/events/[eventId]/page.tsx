import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { resourceIdFromSegment } from "@/components/resource-id";
import { requireSession } from "@/lib/auth/session";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CodeBlock } from "@/components/code-block";
import { DateTimeSeconds } from "@/components/date-time-seconds";
import { PageHeader } from "@/components/page-header";
import { AttemptsTable } from "../../_components/attempts-table";
import { DeliveryStatusBadge } from "@/components/delivery-status-badge";
import { ReplayButton } from "../../_components/replay-button";
import { can } from "../../../_lib/can";

export const metadata: Metadata = { title: "Webhook event" };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-zinc-800">{children}</dd>
    </div>
  );
}

export default async function WebhookEventPage({ params }: { params: Promise<{ eventId: string }> }) {
  const { user } = await requireSession();
  const eventId = resourceIdFromSegment((await params).eventId, "Webhook") ?? notFound();
  const { data: event, error, response } = await (await serviceClient()).GET("/webhooks/events/{eventId}", { params: { path: { eventId } } });
  if (response.status === 404) notFound();

  return (
    <>
      <Link href="/webhooks" className="mb-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        ← Webhooks
      </Link>
      {!event ? (
        <Notice tone="error" title="Could not load the event">
          {error?.message ?? "The service did not answer."}
        </Notice>
      ) : (
        <>
          <PageHeader
            title={event.type}
            description={<code className="font-mono text-xs">{event.id}</code>}
            actions={<ReplayButton eventId={event.id} canReplay={can(user, "MANAGE")} />}
          />
          <div className="space-y-6">
            <Card>
              <dl className="grid gap-4 md:grid-cols-4">
                <Fact label="Delivery">
                  <span data-testid="event-delivery-status">
                    <DeliveryStatusBadge status={event.deliveryStatus} />
                  </span>
                </Fact>
                <Fact label="Created">
                  <DateTimeSeconds value={event.createdAt} />
                </Fact>
                <Fact label={event.deliveryStatus === "DELIVERED" ? "Delivered" : "Next attempt"}>
                  <DateTimeSeconds value={event.deliveryStatus === "DELIVERED" ? event.deliveredAt : event.nextAttemptAt} />
                </Fact>
                <Fact label="Attempts">{event.attemptCount}</Fact>
              </dl>
            </Card>
            <Card title="Attempts" description="Every delivery attempt, oldest first, with what the endpoint answered. Times are on your platform's sandbox clock." flush>
              <AttemptsTable attempts={event.attempts ?? []} />
            </Card>
            <Card title="Payload" description="The envelope exactly as delivered; every attempt and replay sends the same bytes.">
              <CodeBlock label="payload" code={JSON.stringify(event.payload, null, 2)} testId="event-payload" />
            </Card>
          </div>
        </>
      )}
    </>
  );
}
