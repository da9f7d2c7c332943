import type { Db } from "../db";
import { uuidv7 } from "../http/ids";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { now } from "../sandbox/clock";
import { lockLiveParties } from "../transfers/lock-live-parties";
import { issueDeviceCode, serializeDeviceCode } from "./issue-device-code";
import type { Agent, AgentDeviceCode, AgentPolicy } from "./schemas";
import { showAgent } from "./serialize-agent";

/**
 * POST /agents: a new agent for one of the platform's customers, with its first device code. The
 * customer's row is share-locked first (lockLiveParties), so a racing DELETE /customers runs wholly
 * before it (then 410) or after it. Throws: USER_NOT_FOUND, CUSTOMER_DELETED.
 */
export async function createAgent(
  db: Db,
  input: { platformId: string; request: { name: string; customerId: string; policy: AgentPolicy } },
): Promise<{ agent: Agent; deviceCode: AgentDeviceCode }> {
  const { platformId, request } = input;
  const customer = await getCustomerOrThrow(db, platformId, request.customerId);
  const at = await now(db, platformId);
  return db.$transaction(async (tx) => {
    await lockLiveParties(tx, platformId, { customerIds: [customer.id] });
    const row = await tx.agent.create({
      data: { id: uuidv7(), platformId, customerId: customer.id, name: request.name, policy: request.policy, createdAt: at, updatedAt: at },
    });
    const code = await issueDeviceCode(tx, { platformId, agentId: row.id, at });
    return { agent: await showAgent(tx, row), deviceCode: serializeDeviceCode(code) };
  });
}
