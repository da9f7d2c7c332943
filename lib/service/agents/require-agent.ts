import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/context";
import { ServiceError } from "../http/errors";
import { agentRowOf } from "./get-agent-or-throw";

/** OpenAPI security of the /agents/me/** operations. */
export const AGENT_AUTH = [{ AgentAuth: [] }];

/** The calling agent (AgentAuth); platform tokens and staff → 403, a paused agent → 403. */
export const requireActiveAgent = createMiddleware<AppEnv>(async (c, next) => {
  const { principal, platformId } = c.get("auth");
  if (principal.kind !== "agent") throw new ServiceError("FORBIDDEN", "/agents/me/** is for agents: send the agent's Bearer access token");
  const agent = await agentRowOf(c.get("db"), platformId, principal.agentId);
  if (agent.isPaused) throw new ServiceError("FORBIDDEN", "This agent is paused; the platform must resume it (PATCH /agents/{agentId} {isPaused: false})");
  return next();
});

/** The calling agent's id (after requireActiveAgent). */
export function agentIdOf(auth: AppEnv["Variables"]["auth"]): string {
  if (auth.principal.kind !== "agent") throw new ServiceError("FORBIDDEN", "/agents/me/** is for agents");
  return auth.principal.agentId;
}
