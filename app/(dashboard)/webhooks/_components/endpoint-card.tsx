import Link from "next/link";
import { Card } from "@/components/ui/card";
import { ReceiverToggle } from "./receiver-toggle";
import { SendTestButton } from "./send-test-button";

export interface EndpointCardProps {
  endpoint?: string;
  receiverUrl: string;
  isReceiverOn: boolean;
  /** False when the dashboard drives another service, which cannot reach this app's receiver's key. */
  canUseReceiver: boolean;
  canManage: boolean;
}

export function EndpointCard({ endpoint, receiverUrl, isReceiverOn, canUseReceiver, canManage }: EndpointCardProps) {
  return (
    <Card title="Endpoint" description="Where the service POSTs every event. A 2xx answer counts as delivered; anything else is retried with backoff.">
      <div className="space-y-5">
        <div>
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Webhook endpoint</p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            {endpoint ? (
              <code data-testid="webhook-endpoint" className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-1.5 font-mono text-xs break-all text-zinc-900">
                {endpoint}
              </code>
            ) : (
              <span data-testid="webhook-endpoint" className="text-sm text-zinc-500">
                Not set: events are recorded but not sent.
              </span>
            )}
            <Link href="/settings" className="text-sm font-medium text-brand-700 hover:underline">
              Change in Settings
            </Link>
          </div>
        </div>
        {canUseReceiver && <ReceiverToggle isOn={isReceiverOn} receiverUrl={receiverUrl} currentEndpoint={endpoint} canChange={canManage} />}
        <div className="border-t border-zinc-100 pt-4">
          <SendTestButton canSend={canManage} />
          {!canManage && <p className="mt-2 text-xs text-zinc-500">Only admins can send test events and change the endpoint.</p>}
        </div>
      </div>
    </Card>
  );
}
