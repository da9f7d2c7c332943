import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestTeam } from "../testing/staff-fixtures";
import { findStaffSessionUser } from "./find-staff-session-user";
import { resetStaffPassword } from "./reset-staff-password";
import { PASSWORD_THROTTLE } from "./throttle-password-check";
import { verifyStaffLogin } from "./verify-staff-login";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("resetStaffPassword", () => {
  it("sets a new temporary password, answered once: it signs in and the old one no longer does", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("OPERATOR");

    const { member: reset, temporaryPassword } = await resetStaffPassword(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: member.id });

    expect(reset).toMatchObject({ email: member.email, role: "OPERATOR", hasTemporaryPassword: true });
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await verifyStaffLogin(t.db, member.email, member.password)).toBeNull();
    expect(await verifyStaffLogin(t.db, member.email, temporaryPassword)).toMatchObject({ id: member.id, role: "OPERATOR" });
    expect(await verifyStaffLogin(t.db, team.admin.email, team.admin.password)).toMatchObject({ id: team.admin.id });
  });

  it("marks the new password temporary, for a member who had chosen their own: they must choose another at the next sign-in", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("OPERATOR");
    expect(await verifyStaffLogin(t.db, member.email, member.password)).toMatchObject({ hasTemporaryPassword: false });

    const { temporaryPassword } = await resetStaffPassword(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: member.id });

    const login = (await verifyStaffLogin(t.db, member.email, temporaryPassword))!;
    expect(login).toMatchObject({ id: member.id, hasTemporaryPassword: true });
    expect(await findStaffSessionUser(t.db, { staffId: member.id, sessionStamp: login.sessionStamp, sessionId: login.sessionId })).toMatchObject({ id: member.id, hasTemporaryPassword: true });
  });

  it("ends the member's open sessions: the old session stamp no longer finds the user", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("SUPPORT");
    const before = (await verifyStaffLogin(t.db, member.email, member.password))!;
    expect(await findStaffSessionUser(t.db, { staffId: member.id, sessionStamp: before.sessionStamp, sessionId: before.sessionId })).toMatchObject({ id: member.id });

    const { temporaryPassword } = await resetStaffPassword(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: member.id });

    expect(await findStaffSessionUser(t.db, { staffId: member.id, sessionStamp: before.sessionStamp, sessionId: before.sessionId })).toBeNull();
    const after = (await verifyStaffLogin(t.db, member.email, temporaryPassword))!;
    expect(await findStaffSessionUser(t.db, { staffId: member.id, sessionStamp: after.sessionStamp, sessionId: after.sessionId })).toMatchObject({ id: member.id });
  });

  it("clears the email's lockout: after 5 wrong passwords, the new temporary password signs in at once", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("OPERATOR");
    const now = new Date();
    for (let i = 1; i < PASSWORD_THROTTLE.maxFailures; i++) expect(await verifyStaffLogin(t.db, member.email, "not-the-password", { now })).toBeNull();
    await expect(verifyStaffLogin(t.db, member.email, "not-the-password", { now })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    await expect(verifyStaffLogin(t.db, member.email, member.password, { now })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });

    const { temporaryPassword } = await resetStaffPassword(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: member.id });

    expect(await t.db.staffSignInThrottle.findUnique({ where: { email: member.email } })).toBeNull();
    expect(await verifyStaffLogin(t.db, member.email, temporaryPassword, { now })).toMatchObject({ id: member.id });
  });

  it("resets another admin's password, but refuses the admin's own (CANNOT_RESET_SELF) and keeps it", async () => {
    const team = await createTestTeam(t.db);
    const second = await team.add("ADMIN");
    await expect(resetStaffPassword(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: team.admin.id })).rejects.toMatchObject({ code: "CANNOT_RESET_SELF" });
    expect(await verifyStaffLogin(t.db, team.admin.email, team.admin.password)).toMatchObject({ id: team.admin.id });

    const { temporaryPassword } = await resetStaffPassword(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: second.id });
    expect(await verifyStaffLogin(t.db, second.email, temporaryPassword)).toMatchObject({ id: second.id, role: "ADMIN" });
  });

  it("answers FORBIDDEN to a non-admin and changes nothing", async () => {
    const team = await createTestTeam(t.db);
    const operator = await team.add("OPERATOR");
    const support = await team.add("SUPPORT");
    for (const staffId of [support.id, team.admin.id]) {
      await expect(resetStaffPassword(t.db, { platformId: team.platformId, actorId: operator.id, staffId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await verifyStaffLogin(t.db, support.email, support.password)).toMatchObject({ id: support.id });
    expect(await verifyStaffLogin(t.db, team.admin.email, team.admin.password)).toMatchObject({ id: team.admin.id });
  });

  it("answers STAFF_NOT_FOUND for another platform's staff id or a malformed one, and changes nothing", async () => {
    const team = await createTestTeam(t.db);
    const other = await createTestTeam(t.db);
    const foreign = await other.add("OPERATOR");
    for (const staffId of [foreign.id, other.admin.id, "nope"]) {
      await expect(resetStaffPassword(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId })).rejects.toMatchObject({ code: "STAFF_NOT_FOUND" });
    }
    expect(await verifyStaffLogin(t.db, foreign.email, foreign.password)).toMatchObject({ id: foreign.id });
  });
});
