import "server-only";
import { services, type ReceivedWebhook } from "@/lib/services";

const KEEP = 50;

function receiverState(platformId: string) {
  const store = services().webhookReceiver;
  let state = store.get(platformId);
  if (!state) store.set(platformId, (state = { received: [] }));
  return state;
}

/** Keeps a delivery (newest first), forgetting all but the last 50 of the platform. */
export function recordReceivedWebhook(platformId: string, delivery: ReceivedWebhook): void {
  const state = receiverState(platformId);
  state.received = [delivery, ...state.received].slice(0, KEEP);
}

/** The platform's last deliveries, newest first. */
export function listReceivedWebhooks(platformId: string): ReceivedWebhook[] {
  return services().webhookReceiver.get(platformId)?.received ?? [];
}

/** The endpoint that was set before the built-in receiver replaced it, for turning it off again. */
export function rememberPreviousEndpoint(platformId: string, endpoint: string | undefined): void {
  receiverState(platformId).previousEndpoint = endpoint;
}

export function previousEndpoint(platformId: string): string | undefined {
  return services().webhookReceiver.get(platformId)?.previousEndpoint;
}
