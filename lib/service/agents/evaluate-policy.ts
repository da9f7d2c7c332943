import type { Tx } from "../db";
import { convertMinorUnits, hasRate } from "../exchange-rates/rate-table";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";
import { agentUsage } from "./agent-usage";
import { agentRowOf } from "./get-agent-or-throw";
import type { AgentPolicy } from "./schemas";
import type { AgentRow } from "./serialize-agent";

type Permission = AgentPolicy["permissions"][number];

export interface PolicyCheck {
  permission: Permission;
  /** `InternalAccount:`/`ExternalAccount:` ids the action touches (checked against allowedAccountIds). */
  accountIds: string[];
  /** The customer's internal account the action moves money on (its accountRules apply). */
  ruleAccountId: string;
  amount: bigint;
  currency: string;
  /** Money leaving the customer (transfer-out, quote execution) counts toward the spending limits. */
  isSpend: boolean;
}

export interface PolicyDecision {
  mode: "AUTO" | "APPROVAL_REQUIRED";
  /** What usage counts: the amount in the policy's currency when the action spends, else 0. */
  spendAmount: bigint;
}

/**
 * The policy decision for one action (BEHAVIORS.md §8 "Evaluation"), at `at` on the sandbox clock:
 * paused → 403; missing permission → 403; an account outside `allowedAccountIds` → 403;
 * per-transaction limit (an account rule's overrides the policy's), daily and monthly spend, daily
 * action count → 403 naming the limit and the room left. Mode = the account rule's ?? the default,
 * forced to APPROVAL_REQUIRED strictly above `approvalThresholds`. Foreign amounts convert at the
 * rate of the moment. Run it with the agent row locked (lockAgent) so two requests can not both
 * use the same room. Throws: FORBIDDEN.
 */
export async function evaluatePolicy(tx: Tx, agent: AgentRow, check: PolicyCheck, at: Date): Promise<PolicyDecision> {
  const policy = assertAgentMayUse(agent, check.permission, check.accountIds);
  const limits = policy.spendingLimits;
  const spendAmount = convertMinor(check.amount, check.currency, limits.currency);
  const rule = policy.accountRestrictions?.accountRules?.find((r) => r.accountId === check.ruleAccountId);
  const perTransaction = rule?.perTransactionLimit ?? limits.perTransactionLimit;
  if (check.isSpend && spendAmount > BigInt(perTransaction))
    throw forbidden("PER_TRANSACTION_LIMIT", `This action moves ${spendAmount} ${limits.currency} (smallest unit); the per-transaction limit${rule?.perTransactionLimit != null ? ` for ${check.ruleAccountId}` : ""} is ${perTransaction}`, {
      limit: perTransaction,
      amount: Number(spendAmount),
    });

  const usage = (await agentUsage(tx, [agent.id], at)).get(agent.id)!;
  if (limits.dailyTransactionLimit !== undefined && usage.dailyTransactionCount + 1 > limits.dailyTransactionLimit)
    throw forbidden("DAILY_TRANSACTION_LIMIT", `The agent already ran ${usage.dailyTransactionCount} of its ${limits.dailyTransactionLimit} actions today (UTC); try again tomorrow or raise spendingLimits.dailyTransactionLimit`, {
      limit: limits.dailyTransactionLimit,
      used: usage.dailyTransactionCount,
    });
  if (check.isSpend) {
    for (const [name, limit, used, when] of [
      ["DAILY_LIMIT", limits.dailyLimit, usage.dailySpend, "today (UTC)"],
      ["MONTHLY_LIMIT", limits.monthlyLimit, usage.monthlySpend, "this month (UTC)"],
    ] as const) {
      if (limit === null || limit === undefined || BigInt(used) + spendAmount <= BigInt(limit)) continue;
      throw forbidden(name, `The agent has spent ${used} of its ${limit} ${limits.currency} ${when}; this action needs ${spendAmount}, ${Math.max(limit - used, 0)} is left`, {
        limit,
        used,
        amount: Number(spendAmount),
      });
    }
  }

  let mode = rule?.executionMode ?? policy.defaultExecutionMode;
  const threshold = policy.approvalThresholds;
  if (threshold?.amount !== null && threshold?.amount !== undefined) {
    const value = convertMinor(check.amount, check.currency, threshold.currency ?? limits.currency);
    if (value > BigInt(threshold.amount)) mode = "APPROVAL_REQUIRED";
  }
  return { mode, spendAmount: check.isSpend ? spendAmount : 0n };
}

/** Pause, permission and allowedAccountIds (the checks that need no amount); answers the policy. Throws: FORBIDDEN. */
export function assertAgentMayUse(agent: AgentRow, permission: Permission, accountIds: string[]): AgentPolicy {
  const policy = agent.policy as AgentPolicy;
  if (agent.isPaused) throw forbidden("PAUSED", `Agent ${formatId("Agent", agent.id)} is paused; the platform must resume it (PATCH /agents/{agentId} {isPaused: false})`);
  if (!policy.permissions.includes(permission))
    throw forbidden("PERMISSION", `This agent's policy does not grant ${permission}; the platform can add it with PATCH /agents/{agentId}/policy`);
  const allowed = policy.accountRestrictions?.allowedAccountIds;
  if (allowed) {
    const outside = accountIds.filter((id) => !allowed.includes(id));
    if (outside.length > 0) throw forbidden("ACCOUNT", `The policy does not allow this agent to use ${outside.join(", ")}; allowed: ${allowed.join(", ") || "none"}`);
  }
  return policy;
}

/** Locks the agent's row for the rest of the transaction (policy checks and usage stay consistent). Throws as agentRowOf. */
export async function lockAgent(tx: Tx, platformId: string, agentId: string): Promise<AgentRow> {
  await tx.$queryRaw`SELECT id FROM "Agent" WHERE id = ${agentId}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
  return agentRowOf(tx, platformId, agentId);
}

/** `amount` of `from` in the policy's currency `to`, at the rate of the moment. Throws FORBIDDEN without a rate. */
function convertMinor(amount: bigint, from: string, to: string): bigint {
  if (from !== to && (!hasRate(from) || !hasRate(to)))
    throw forbidden("NO_RATE", `There is no exchange rate between ${from} and ${to} to check this action against the agent's limits; set the policy's limits in ${from}`);
  return convertMinorUnits(amount, from, to);
}

function forbidden(rule: string, message: string, extra: Record<string, unknown> = {}): ServiceError {
  return new ServiceError("FORBIDDEN", message, { details: { policyRule: rule, ...extra } });
}
