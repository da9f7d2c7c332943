import type { components } from "@/lib/client/generated/schema";
import { StatusBadge } from "@/components/status-badge";

type Agent = components["schemas"]["Agent"];

/** Paused, connected, or still waiting for its device code to be redeemed. */
export function AgentStateBadge({ agent }: { agent: Agent }) {
  if (agent.isPaused) return <StatusBadge tone="warning">Paused</StatusBadge>;
  if (agent.isConnected) return <StatusBadge tone="success">Connected</StatusBadge>;
  return <StatusBadge tone="neutral">Not installed</StatusBadge>;
}
