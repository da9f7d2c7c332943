import type { Session } from "next-auth";
import { describe, expect, it } from "vitest";
import { changePasswordUrl, dashboardAccessOf, safeNextPath, signInUrl } from "./dashboard-access";

const session = (hasTemporaryPassword: boolean): Session => ({
  expires: "2099-01-01T00:00:00.000Z",
  user: { id: "u", email: "a@example.com", name: "A", role: "ADMIN", platformId: "p", platformName: "P", environment: "SANDBOX", hasTemporaryPassword },
});

describe("dashboardAccessOf", () => {
  it("lets a user whose password is their own use the dashboard", () => {
    const own = session(false);
    expect(dashboardAccessOf(own)).toEqual({ ok: true, data: own });
  });

  it("refuses a user with a temporary password with PASSWORD_CHANGE_REQUIRED, saying what to do", () => {
    expect(dashboardAccessOf(session(true))).toEqual({ ok: false, error: { code: "PASSWORD_CHANGE_REQUIRED", message: expect.stringMatching(/^Choose a new password first/) } });
  });

  it("answers UNAUTHENTICATED when signed out", () => {
    expect(dashboardAccessOf(null)).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
  });

  it("answers SERVICE_UNAVAILABLE, not UNAUTHENTICATED, when the session could not be read: try again, nothing was done", () => {
    expect(dashboardAccessOf("unavailable")).toEqual({ ok: false, error: { code: "SERVICE_UNAVAILABLE", message: expect.stringMatching(/nothing was done\. Try again in a moment/), retryAfterSeconds: expect.any(Number) } });
  });
});

describe("safeNextPath", () => {
  it.each([
    ["/customers", "/customers"],
    ["/customers?cursor=abc&limit=20", "/customers?cursor=abc&limit=20"],
    ["/quotes/Quote:0190f0f0-0000-7000-8000-000000000000", "/quotes/Quote:0190f0f0-0000-7000-8000-000000000000"],
    ["/transactions?_rsc=1xyz", "/transactions"],
  ])("keeps a path of this site: %s", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each(["", null, undefined, "customers", "//evil.example/x", "/\\evil.example", "https://evil.example/", "/\t/evil.example", "/login", "/change-password", "/change-password?next=/x", `/${"a".repeat(2001)}`])(
    "answers the overview for %j",
    (next) => {
      expect(safeNextPath(next)).toBe("/");
    },
  );
});

describe("changePasswordUrl", () => {
  it("remembers the page asked for, and leaves out the overview (the default)", () => {
    expect(changePasswordUrl("/customers?cursor=abc")).toBe("/change-password?next=%2Fcustomers%3Fcursor%3Dabc");
    expect(changePasswordUrl("/")).toBe("/change-password");
    expect(changePasswordUrl(null)).toBe("/change-password");
    expect(changePasswordUrl("//evil.example")).toBe("/change-password");
  });
});

describe("signInUrl", () => {
  it("remembers the page a signed-out user asked for, so signing in returns to it; never another site", () => {
    expect(signInUrl("/transactions?status=COMPLETED")).toBe("/login?next=%2Ftransactions%3Fstatus%3DCOMPLETED");
    expect(signInUrl("/")).toBe("/login");
    expect(signInUrl(null)).toBe("/login");
    expect(signInUrl("//evil.example")).toBe("/login");
  });
});
