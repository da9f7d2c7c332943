import type { Metadata } from "next";
import { z } from "zod";
import { requireSession } from "@/lib/auth/session";
import { isExternalService } from "@/lib/client/api-base-url";
import { serviceClient } from "@/lib/client/server";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CodeBlock } from "@/components/code-block";
import { PageHeader } from "@/components/page-header";
import { pagePosition } from "@/components/cursor-pager";
import { receiverLog } from "@/app/api/webhook-receiver/_lib/received-webhooks";
import { webhookReceiverUrl } from "@/app/api/webhook-receiver/_lib/receiver-url";
import { EndpointCard } from "./_components/endpoint-card";
import { EventsCard } from "./_components/events-card";
import { VerifyHowTo } from "./_components/verify-how-to";
import { ReceivedWebhooks } from "./_components/received-webhooks";
import { can } from "../_lib/can";

export const metadata: Metadata = { title: "Webhooks" };

const PAGE_SIZE = 20;

// Anything unexpected in the URL is dropped rather than sent to the API.
const ListParamsSchema = z.object({
  deliveryStatus: z.enum(["PENDING", "DELIVERED", "RETRYING", "FAILED", "NO_ENDPOINT"]).optional().catch(undefined),
  type: z.string().trim().max(100).optional().catch(undefined).transform((t) => t || undefined),
});

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await requireSession();
  const search = await searchParams;
  const params = ListParamsSchema.parse(search);
  const position = pagePosition(search);
  const filters = { deliveryStatus: params.deliveryStatus, type: params.type };
  const client = await serviceClient();
  const [{ data: config, error: configError }, { data: events, error: eventsError }] = await Promise.all([
    client.GET("/config"),
    client.GET("/webhooks/events", { params: { query: { limit: PAGE_SIZE, ...filters, cursor: position.cursor } } }),
  ]);
  const receiverUrl = webhookReceiverUrl(user.platformId);
  const isReceiverOn = config?.webhookEndpoint === receiverUrl;

  return (
    <>
      <PageHeader title="Webhooks" description="Events the service sends to your endpoint, signed with your platform's key, and every delivery attempt." />
      <div className="space-y-6">
        {config ? (
          <>
            <EndpointCard
              endpoint={config.webhookEndpoint}
              receiverUrl={receiverUrl}
              isReceiverOn={isReceiverOn}
              canUseReceiver={!isExternalService()}
              canManage={can(user, "MANAGE")}
            />
            <Card title="Signing key" description="Verify the X-Service-Signature header (base64 DER ECDSA P-256 / SHA-256 over the raw body) with this public key.">
              <CodeBlock label="webhook public key" code={config.webhookPublicKey.trim()} testId="webhook-public-key" wrap />
              <VerifyHowTo />
            </Card>
          </>
        ) : (
          <Notice tone="error" title="Could not load the webhook endpoint">
            {configError?.message ?? "The service did not answer."}
          </Notice>
        )}
        {isReceiverOn && (
          <Card title="Received by the built-in receiver" description="The last 50 deliveries whose signature verified with your public key, newest first. Each shows when it arrived on your platform's sandbox clock, the clock the events below are stamped on, so a delivery and its receipt show the same time. Refreshes every few seconds." flush>
            <ReceivedWebhooks initial={receiverLog(user.platformId)} />
          </Card>
        )}
        <EventsCard page={events} error={eventsError?.message} filters={filters} position={position} />
      </div>
    </>
  );
}
