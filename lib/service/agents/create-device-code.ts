import type { Db } from "../db";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { getAgentOrThrow } from "./get-agent-or-throw";
import { issueDeviceCode, serializeDeviceCode } from "./issue-device-code";
import type { AgentDeviceCode } from "./schemas";

/** POST /agents/{id}/device-codes: a new code, voiding unredeemed ones; 409 once the agent is connected. */
export async function createDeviceCode(db: Db, input: { platformId: string; agentId: string }): Promise<AgentDeviceCode> {
  return db.$transaction(async (tx) => {
    // Locked: concurrent calls would each void only the codes committed before them and leave
    // several live codes, and a redeem racing this one would leave a connected agent with a live code.
    const row = await getAgentOrThrow(tx, input.platformId, input.agentId, { isLocking: true });
    if (row.connectedAt)
      throw new ServiceError("CONFLICT", `Agent ${input.agentId} is already connected; delete it and create a new agent to install it again`);
    const at = await now(tx, input.platformId);
    return serializeDeviceCode(await issueDeviceCode(tx, { platformId: input.platformId, agentId: row.id, at }));
  });
}
