import "server-only";
import { services, type ReceiverLog, type ReceiverState } from "@/lib/services";

const KEEP = 50;

function receiverState(platformId: string): ReceiverState {
  const store = services().webhookReceiver;
  let state = store.get(platformId);
  if (!state) store.set(platformId, (state = { received: [], rejected: { count: 0, lastAt: null } }));
  return state;
}

/** Keeps a delivery whose signature verified (newest first), forgetting all but the last 50 of the platform. */
export function recordReceivedWebhook(platformId: string, delivery: { receivedAt: string; body: string }): void {
  const state = receiverState(platformId);
  state.received = [delivery, ...state.received].slice(0, KEEP);
}

/**
 * Counts a post refused for a missing or invalid signature. Anyone can post to the receiver, so its
 * body is not kept: strangers must not push the real deliveries out of the list, nor fill the page.
 */
export function recordRejectedWebhook(platformId: string, at: string): void {
  const { rejected } = receiverState(platformId);
  rejected.count += 1;
  rejected.lastAt = at;
}

/** The platform's last verified deliveries, newest first, and how many posts were refused. */
export function receiverLog(platformId: string): ReceiverLog {
  const state = services().webhookReceiver.get(platformId);
  return { received: state?.received ?? [], rejected: { ...(state?.rejected ?? { count: 0, lastAt: null }) } };
}

/** The endpoint that was set before the built-in receiver replaced it, for turning it off again. */
export function rememberPreviousEndpoint(platformId: string, endpoint: string | undefined): void {
  receiverState(platformId).previousEndpoint = endpoint;
}

export function previousEndpoint(platformId: string): string | undefined {
  return services().webhookReceiver.get(platformId)?.previousEndpoint;
}
