import net from "node:net";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { PageError } from "@/components/page-error";
import { openDatabase, type Database } from "@/lib/db/open-database";
import type { Db } from "@/lib/service/db";
import { verifyStaffLogin } from "@/lib/service/staff/verify-staff-login";
import { createTestTeam } from "@/lib/service/testing/staff-fixtures";
import { createTestApp, type TestApp } from "@/lib/service/testing/test-app";

const SECRET = "layout-test-secret-layout-test-secret";
process.env.NEXTAUTH_SECRET = SECRET;

/** The database the dashboard reads staff sessions from, and the browser's cookies. */
const state = vi.hoisted(() => ({ db: undefined as unknown as Db, cookies: {} as Record<string, string> }));
vi.mock("@/lib/services", () => ({ services: () => ({ db: async () => state.db }) }));
// next-auth's own session reading (JWT cookie, callbacks, what a failing callback becomes), handed this test's cookies.
vi.mock("next-auth", async (importOriginal) => {
  const nextAuth = await importOriginal<typeof import("next-auth")>();
  const noResponse = { getHeader() {}, setCookie() {}, setHeader() {} };
  return { ...nextAuth, getServerSession: (options: never) => nextAuth.getServerSession({ headers: {}, cookies: state.cookies } as never, noResponse as never, options) };
});
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-request-path": "/transactions?status=PENDING" }) }));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw new Error(`redirected to ${to}`);
  },
  usePathname: () => "/transactions",
}));

let app: TestApp;
let working: Db;
let refusing: Database;

beforeAll(async () => {
  app = await createTestApp();
  working = app.db;
  // A port where nothing listens: every connection is refused, as while PostgreSQL is stopped.
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const url = new URL(inject("databaseUrl"));
  url.port = String((closed.address() as net.AddressInfo).port);
  await new Promise((resolve) => closed.close(resolve));
  refusing = await openDatabase({ url: url.href });

  // Signed in as a team's admin: the session cookie next-auth set at sign-in.
  const team = await createTestTeam(app.db);
  const login = (await verifyStaffLogin(app.db, team.admin.email, team.admin.password))!;
  const token = await encode({ secret: SECRET, token: { staffId: login.id, sessionStamp: login.sessionStamp, sessionId: login.sessionId } });
  state.cookies = { "next-auth.session-token": token };
});
afterAll(async () => {
  await refusing.close();
  await app.close();
});

/** A fresh request: each reads the session anew (React's per-request cache is not shared). */
async function request() {
  vi.resetModules();
  const { default: DashboardLayout } = await import("./layout");
  const { getActionSession, requireSession } = await import("@/lib/auth/session");
  return { DashboardLayout, getActionSession, requireSession };
}

describe("the dashboard while its database refuses connections", () => {
  it("shows a signed-in staff member that it is unavailable for a moment, not the sign-in page; their session stands once the database is back", async () => {
    state.db = working;
    expect((await (await request()).requireSession()).user.email).toMatch(/^admin-/);

    state.db = refusing.prisma;
    const { DashboardLayout, requireSession } = await request();
    const html = renderToStaticMarkup(await DashboardLayout({ children: createElement("p", null, "the page") }));
    expect(html).toContain("The dashboard is unavailable for a moment");
    expect(html).toContain("Try again");
    expect(html).toContain('href="/transactions?status=PENDING"'); // the page asked for, not /login
    expect(html).not.toContain("the page");
    // A page's own check (all that runs on a client-side navigation): no redirect to /login either,
    // but an error whose digest its error boundary shows as the same notice.
    const pageError = await requireSession().then(() => null, (e: Error & { digest?: string }) => e);
    expect(pageError?.message).toMatch(/cannot check your sign-in right now/);
    const boundary = renderToStaticMarkup(createElement(PageError, { error: pageError!, retry: () => {} }));
    expect(boundary).toContain("The dashboard is unavailable for a moment");
    expect(boundary).not.toContain("give them this reference");

    state.db = working;
    expect((await (await request()).requireSession()).user.email).toMatch(/^admin-/);
  });

  it("shows the change-password screen as unavailable for a moment, not the sign-in page, and its action answers SERVICE_UNAVAILABLE, not UNAUTHENTICATED", async () => {
    state.db = refusing.prisma;
    vi.resetModules();
    const { default: ChangePasswordPage } = await import("@/app/change-password/page");
    const html = renderToStaticMarkup(await ChangePasswordPage({ searchParams: Promise.resolve({ next: "/customers" }) }));
    expect(html).toContain("The dashboard is unavailable for a moment");
    expect(html).toContain('href="/change-password?next=%2Fcustomers"'); // tries this screen again, keeping where to go after
    const { chooseNewPasswordAction } = await import("@/app/change-password/actions");
    const answer = await chooseNewPasswordAction({ currentPassword: "temporary-password", newPassword: "a-new-password-1", confirmPassword: "a-new-password-1" });
    expect(answer).toMatchObject({ ok: false, error: { code: "SERVICE_UNAVAILABLE", message: expect.stringMatching(/Try again in a moment/) } });
  });

  it("answers a server action SERVICE_UNAVAILABLE (try again), not UNAUTHENTICATED, and a download 503 with Retry-After, not 401", async () => {
    state.db = refusing.prisma;
    const access = await (await request()).getActionSession();
    expect(access).toMatchObject({ ok: false, error: { code: "SERVICE_UNAVAILABLE", message: expect.stringMatching(/Try again in a moment/) } });
    const { routeServiceClient } = await import("@/lib/client/server");
    const download = (await routeServiceClient()) as Response;
    expect([download.status, download.headers.get("retry-after")]).toEqual([503, "1"]);
  });
});
