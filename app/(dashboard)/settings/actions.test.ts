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

const { updateConfigAction } = await import("./actions");
const { configToFormValues } = await import("./form-values");
const { callService } = await import("@/lib/client/call-service");

let app: TestApp;
let admins: { a: Session; b: Session };

const sessionOf = (email: string, password: string) => staffSessionOf(app.db, email, password);

/** The settings form's values as the page shows them now (GET /config). */
async function openSettings(as: Session) {
  signedIn.session = as;
  const config = await callService((client) => client.GET("/config"));
  if (!config.ok) throw new Error(config.error.message);
  return configToFormValues(config.data);
}

async function save(as: Session, openedWith: Awaited<ReturnType<typeof openSettings>>, edit: (values: typeof openedWith) => void) {
  const values = structuredClone(openedWith);
  edit(values);
  signedIn.session = as;
  return updateConfigAction({ values, openedWith });
}

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl"); // the embedded service (services()) on this run's database
  app = await createTestApp();
  const team = await createTestTeam(app.db);
  const second = await team.add("ADMIN");
  admins = { a: await sessionOf(team.admin.email, team.admin.password), b: await sessionOf(second.email, second.password) };
});
afterAll(async () => {
  await services().close();
  await app.close();
});

describe("two admins saving the settings form from pages opened at the same time", () => {
  it("keeps the first admin's change when the second saves another field from a stale page", async () => {
    const openedByA = await openSettings(admins.a);
    const openedByB = await openSettings(admins.b);
    expect((await save(admins.a, openedByA, (v) => void (v.embeddedWalletConfig.appName = "Alpha App"))).ok).toBe(true);
    const saved = await save(admins.b, openedByB, (v) => void (v.embeddedWalletConfig.sendFromEmailSenderName = "Bravo Sender"));

    expect(saved.ok).toBe(true);
    const now = await openSettings(admins.a);
    expect(now.embeddedWalletConfig.appName).toBe("Alpha App");
    expect(now.embeddedWalletConfig.sendFromEmailSenderName).toBe("Bravo Sender");
  });

  it("refuses, saying so, when the second admin changed the same field someone saved since, and writes nothing", async () => {
    const openedByA = await openSettings(admins.a);
    const openedByB = await openSettings(admins.b);
    expect((await save(admins.a, openedByA, (v) => void (v.supportedCurrencies[0]!.maxAmount = "500000"))).ok).toBe(true);
    const saved = await save(admins.b, openedByB, (v) => {
      v.supportedCurrencies[0]!.maxAmount = "700000";
      v.umaDomain = "bravo.example.com";
    });

    expect(saved.ok).toBe(false);
    if (saved.ok) return;
    expect(saved.error.code).toBe("EDIT_CONFLICT");
    expect(saved.error.message).toMatch(/Someone else changed this since you opened the page.*Reload the page/);
    expect(Object.keys(saved.error.fieldErrors ?? {})).toEqual(["supportedCurrencies"]);
    const now = await openSettings(admins.a);
    expect(now.supportedCurrencies[0]!.maxAmount).toBe("500000");
    expect(now.umaDomain).toBe(openedByB.umaDomain);
  });
});
