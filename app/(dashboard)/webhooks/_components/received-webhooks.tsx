"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import type { ReceiverLog } from "@/lib/services";
import { StatusBadge } from "@/components/status-badge";
import { DateTimeSeconds } from "@/components/date-time-seconds";
import { listReceivedWebhooksAction } from "../actions";
import { callAction } from "@/lib/client/action-result";

const POLL_MS = 3_000;
/** The service records the attempt just after the receiver answers; refresh once it has. */
const REFRESH_DELAY_MS = 750;

/** Type and envelope id from a received body; anything unparseable shows as a dash. */
function envelopeOf(body: string): { type?: string; id?: string; pretty: string } {
  try {
    const parsed = JSON.parse(body) as { type?: unknown; id?: unknown };
    return {
      type: typeof parsed.type === "string" ? parsed.type : undefined,
      id: typeof parsed.id === "string" ? parsed.id : undefined,
      pretty: JSON.stringify(parsed, null, 2),
    };
  } catch {
    return { pretty: body };
  }
}

/**
 * What the built-in receiver got, refreshed every few seconds. A new delivery also refreshes the
 * page, so the events list beside it shows the new delivery state.
 */
export function ReceivedWebhooks({ initial }: { initial: ReceiverLog }) {
  const [{ received, rejected }, setLog] = useState(initial);
  const newest = useRef(initial.received[0]?.receivedAt);
  const router = useRouter();

  useEffect(() => {
    let isActive = true;
    const timer = setInterval(async () => {
      const result = await callAction(callAction, listReceivedWebhooksAction);
      if (!isActive || !result.ok) return;
      setLog(result.data);
      if (result.data.received[0]?.receivedAt !== newest.current) {
        newest.current = result.data.received[0]?.receivedAt;
        setTimeout(() => isActive && router.refresh(), REFRESH_DELAY_MS);
      }
    }, POLL_MS);
    return () => {
      isActive = false;
      clearInterval(timer);
    };
  }, [router]);

  return (
    <>
      {rejected.count > 0 && (
        <p className="border-b border-zinc-100 px-5 py-3 text-sm text-zinc-600" data-testid="rejected-webhooks">
          Refused {rejected.count === 1 ? "1 request" : `${rejected.count} requests`} without a valid signature (answered 401, not kept), the last at{" "}
          <DateTimeSeconds value={rejected.lastAt ?? undefined} />.
        </p>
      )}
      {received.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-zinc-500">Nothing received yet. Send a test event to see it arrive here.</p>
      ) : (
        <DeliveryList received={received} />
      )}
    </>
  );
}

function DeliveryList({ received }: { received: ReceiverLog["received"] }) {
  return (
    <ul className="divide-y divide-zinc-100" data-testid="received-webhooks">
      {received.map((delivery) => {
        const envelope = envelopeOf(delivery.body);
        return (
          <li key={`${delivery.receivedAt}-${envelope.id}`} className="px-5 py-3" data-testid="received-webhook">
            <details className="group">
              <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <span className="text-zinc-400 transition-transform group-open:rotate-90" aria-hidden>
                  ›
                </span>
                <span className="text-zinc-600">
                  <DateTimeSeconds value={delivery.receivedAt} testId="received-at" />
                </span>
                <span className="font-medium text-zinc-900">{envelope.type ?? "—"}</span>
                <code data-testid="received-event-id" className="font-mono text-xs text-zinc-500">
                  {envelope.id ?? "no envelope id"}
                </code>
                <span className="ml-auto">
                  <StatusBadge tone="success">✓ Signature valid</StatusBadge>
                </span>
              </summary>
              <pre tabIndex={0} className="mt-3 overflow-x-auto rounded-md border border-zinc-800 bg-zinc-900 px-4 py-3 font-mono text-xs leading-relaxed text-zinc-100">
                <code>{envelope.pretty}</code>
              </pre>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
