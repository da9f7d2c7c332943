import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Session } from "next-auth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "@/lib/service/testing/test-app";
import { createTestTeam } from "@/lib/service/testing/staff-fixtures";
import { services } from "@/lib/services";
import { staffSessionOf } from "@/app/(dashboard)/_lib/staff-session-fixture";

/** Whoever the test signs in as: the overview and its dismiss action read this session. */
const signedIn = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock("@/lib/auth/session", () => ({
  requireSession: async () => signedIn.session,
  getActionSession: async () => ({ ok: true, data: signedIn.session }),
}));
vi.mock("@/lib/client/api-base-url", () => ({ apiBaseUrl: async () => "http://localhost:3000/api/2025-10-13", isExternalService: () => false }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { default: OverviewPage } = await import("./page");
const { dismissBootstrapCredentialsAction } = await import("./actions");

const SECRET = "bootstrap-secret-of-the-first-platform";
let app: TestApp;
let bootstrapped: { admin: Session; support: Session };
let other: { admin: Session };

const sessionOf = (email: string, password: string) => staffSessionOf(app.db, email, password);

async function overviewAs(session: Session): Promise<string> {
  signedIn.session = session;
  return renderToStaticMarkup(createElement("div", null, await OverviewPage()));
}

beforeAll(async () => {
  app = await createTestApp();
  const first = await createTestTeam(app.db);
  const support = await first.add("SUPPORT");
  const second = await createTestTeam(app.db);
  bootstrapped = { admin: await sessionOf(first.admin.email, first.admin.password), support: await sessionOf(support.email, support.password) };
  other = { admin: await sessionOf(second.admin.email, second.admin.password) };
  // As lib/server.ts does after the first start created `first`'s platform.
  services().pendingBootstrap = { platformId: first.platformId, adminEmail: first.admin.email, adminPassword: "x", clientId: "bootstrap-client", clientSecret: SECRET };
});
afterAll(async () => {
  services().pendingBootstrap = null;
  await app.close();
});

describe("the first start's API credentials on the overview", () => {
  it("are shown to the admin of the platform the first start created", async () => {
    expect(await overviewAs(bootstrapped.admin)).toContain(SECRET);
  });

  it("are not shown to the admin of another platform on the same server, nor to a non-admin", async () => {
    const html = await overviewAs(other.admin);
    expect(html).toContain("Overview");
    expect(html).not.toContain(SECRET);
    expect(html).not.toContain("bootstrap-client");
    expect(await overviewAs(bootstrapped.support)).not.toContain(SECRET);
  });

  it("cannot be dismissed by another platform's admin: the bootstrapped admin still sees them, and dismisses them", async () => {
    signedIn.session = other.admin;
    await dismissBootstrapCredentialsAction();
    expect(await overviewAs(bootstrapped.admin)).toContain(SECRET);

    signedIn.session = bootstrapped.admin;
    expect(await dismissBootstrapCredentialsAction()).toEqual({ ok: true, data: null });
    expect(await overviewAs(bootstrapped.admin)).not.toContain(SECRET);
  });
});
