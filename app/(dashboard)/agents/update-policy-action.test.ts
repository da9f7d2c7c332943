import type { Session } from "next-auth";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { services } from "@/lib/services";
import { createTestApp, type TestApp } from "@/lib/service/testing/test-app";
import { createTestTeam } from "@/lib/service/testing/staff-fixtures";
import { staffSessionOf } from "@/app/(dashboard)/_lib/staff-session-fixture";

/** Whoever the test signs in as: the action's service client acts as this session's user. */
const signedIn = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock("@/lib/auth/session", () => ({ getActionSession: async () => ({ ok: true, data: signedIn.session }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { updatePolicyAction } = await import("./actions");
const { callService } = await import("@/lib/client/call-service");

const POLICY = {
  permissions: ["CREATE_TRANSFERS" as const],
  defaultExecutionMode: "APPROVAL_REQUIRED" as const,
  spendingLimits: { currency: "USD", perTransactionLimit: 100_000, dailyLimit: null, monthlyLimit: null },
  accountRestrictions: { allowedAccountIds: null },
  approvalThresholds: { currency: "USD", amount: null },
};

let app: TestApp;
let admin: Session;

async function agentPolicy(agentId: string) {
  const agent = await callService((client) => client.GET("/agents/{agentId}", { params: { path: { agentId } } }));
  if (!agent.ok) throw new Error(agent.error.message);
  return agent.data.policy;
}

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl"); // the embedded service (services()) on this run's database
  app = await createTestApp();
  const team = await createTestTeam(app.db);
  admin = await staffSessionOf(app.db, team.admin.email, team.admin.password);
  signedIn.session = admin;
});
afterAll(async () => {
  await services().close();
  await app.close();
});

describe("saving an agent's policy from an editor opened before someone else changed it", () => {
  it("is refused, and the other admin's limit stays", async () => {
    const customer = await callService((client) => client.POST("/customers", { body: { customerType: "INDIVIDUAL", fullName: "Agnes Agent" } }));
    if (!customer.ok) throw new Error(customer.error.message);
    const created = await callService((client) => client.POST("/agents", { body: { name: "Stale editor", customerId: customer.data.id, policy: POLICY } }));
    if (!created.ok) throw new Error(created.error.message);
    const agentId = created.data.agent.id;
    const openedWith = await agentPolicy(agentId);

    const raised = { ...POLICY, spendingLimits: { ...POLICY.spendingLimits, perTransactionLimit: 500_000 } };
    expect((await updatePolicyAction({ agentId, policy: raised, openedWith })).ok).toBe(true);
    const stale = { ...POLICY, defaultExecutionMode: "AUTO" as const };
    const saved = await updatePolicyAction({ agentId, policy: stale, openedWith });

    expect(saved.ok).toBe(false);
    if (saved.ok) return;
    expect(saved.error.code).toBe("EDIT_CONFLICT");
    expect(saved.error.message).toMatch(/Someone else changed this agent's policy since you opened the editor/);
    const now = await agentPolicy(agentId);
    expect(now.spendingLimits.perTransactionLimit).toBe(500_000);
    expect(now.defaultExecutionMode).toBe("APPROVAL_REQUIRED");

    // Saved from the stale editor without a change: nothing is written back over the other admin's limit.
    expect((await updatePolicyAction({ agentId, policy: openedWith, openedWith })).ok).toBe(true);
    expect((await agentPolicy(agentId)).spendingLimits.perTransactionLimit).toBe(500_000);
  });
});
