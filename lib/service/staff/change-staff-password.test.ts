import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestTeam } from "../testing/staff-fixtures";
import { changeStaffPassword } from "./change-staff-password";
import { findStaffSessionUser } from "./find-staff-session-user";
import { verifyStaffLogin } from "./verify-staff-login";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = "a-brand-new-password";

describe("changeStaffPassword", () => {
  it("the new password signs in, the old one no longer does, and sessions signed in with the old one end", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("OPERATOR");
    const before = (await verifyStaffLogin(t.db, member.email, member.password))!;

    expect(await changeStaffPassword(t.db, { platformId: team.platformId, staffId: member.id, currentPassword: member.password, newPassword: NEW_PASSWORD })).toEqual({ email: member.email });

    expect(await verifyStaffLogin(t.db, member.email, member.password)).toBeNull();
    const after = (await verifyStaffLogin(t.db, member.email, NEW_PASSWORD))!;
    expect(after).toMatchObject({ id: member.id, role: "OPERATOR" });
    expect(after.sessionStamp).not.toBe(before.sessionStamp);
    expect(await findStaffSessionUser(t.db, { staffId: member.id, sessionStamp: before.sessionStamp, sessionId: before.sessionId })).toBeNull();
    expect(await findStaffSessionUser(t.db, { staffId: member.id, sessionStamp: after.sessionStamp, sessionId: after.sessionId })).toMatchObject({ id: member.id });
  });

  it("a temporary password (set by an admin) stops being one once its user chooses a new one, and the session shows it at once", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("SUPPORT", { hasTemporaryPassword: true });
    const before = (await verifyStaffLogin(t.db, member.email, member.password))!;
    expect(before).toMatchObject({ hasTemporaryPassword: true });
    expect(await findStaffSessionUser(t.db, { staffId: member.id, sessionStamp: before.sessionStamp, sessionId: before.sessionId })).toMatchObject({ hasTemporaryPassword: true });

    await changeStaffPassword(t.db, { platformId: team.platformId, staffId: member.id, currentPassword: member.password, newPassword: NEW_PASSWORD });

    const after = (await verifyStaffLogin(t.db, member.email, NEW_PASSWORD))!;
    expect(after).toMatchObject({ id: member.id, hasTemporaryPassword: false });
    expect(await findStaffSessionUser(t.db, { staffId: member.id, sessionStamp: after.sessionStamp, sessionId: after.sessionId })).toMatchObject({ id: member.id, hasTemporaryPassword: false });
  });

  it("a refused change (wrong current password, new password too short or the same) leaves the password temporary", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("OPERATOR", { hasTemporaryPassword: true });
    const attempts = [
      { currentPassword: "not-my-password", newPassword: NEW_PASSWORD },
      { currentPassword: member.password, newPassword: "short" },
      { currentPassword: member.password, newPassword: member.password },
    ];
    for (const attempt of attempts) {
      await expect(changeStaffPassword(t.db, { platformId: team.platformId, staffId: member.id, ...attempt })).rejects.toMatchObject({ code: expect.stringMatching(/^(WRONG_PASSWORD|INVALID_INPUT)$/) });
    }
    expect(await verifyStaffLogin(t.db, member.email, member.password)).toMatchObject({ id: member.id, hasTemporaryPassword: true });
  });

  it("refuses a wrong current password (WRONG_PASSWORD on currentPassword) and keeps the old one", async () => {
    const team = await createTestTeam(t.db);
    const attempt = changeStaffPassword(t.db, { platformId: team.platformId, staffId: team.admin.id, currentPassword: "not-my-password", newPassword: NEW_PASSWORD });
    await expect(attempt).rejects.toMatchObject({ code: "WRONG_PASSWORD", fieldErrors: { currentPassword: "is not your current password" } });
    expect(await verifyStaffLogin(t.db, team.admin.email, team.admin.password)).not.toBeNull();
    expect(await verifyStaffLogin(t.db, team.admin.email, NEW_PASSWORD)).toBeNull();
  });

  it("a wrong current password counts toward the email's sign-in throttle: once locked, both the change and sign-in refuse the right password", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("OPERATOR");
    const now = new Date();
    const change = (currentPassword: string) => changeStaffPassword(t.db, { platformId: team.platformId, staffId: member.id, currentPassword, newPassword: NEW_PASSWORD, now });
    for (let i = 0; i < 2; i++) expect(await verifyStaffLogin(t.db, member.email, "not-my-password", { now })).toBeNull();
    for (let i = 0; i < 2; i++) await expect(change("not-my-password")).rejects.toMatchObject({ code: "WRONG_PASSWORD" });
    await expect(change("not-my-password")).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS", retryAfterSeconds: 15 * 60 });

    await expect(change(member.password)).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    await expect(verifyStaffLogin(t.db, member.email, member.password, { now })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    const afterLockout = new Date(now.getTime() + 15 * 60_000);
    expect(await verifyStaffLogin(t.db, member.email, NEW_PASSWORD, { now: afterLockout })).toBeNull();
    expect(await verifyStaffLogin(t.db, member.email, member.password, { now: afterLockout })).toMatchObject({ id: member.id });
  });

  it("the right current password clears the email's count of wrong passwords", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("OPERATOR");
    const now = new Date();
    for (let i = 0; i < 4; i++) expect(await verifyStaffLogin(t.db, member.email, "not-my-password", { now })).toBeNull();
    await changeStaffPassword(t.db, { platformId: team.platformId, staffId: member.id, currentPassword: member.password, newPassword: NEW_PASSWORD, now });
    for (let i = 0; i < 4; i++) expect(await verifyStaffLogin(t.db, member.email, "not-my-password", { now })).toBeNull();
    expect(await verifyStaffLogin(t.db, member.email, NEW_PASSWORD, { now })).toMatchObject({ id: member.id });
  });

  it("refuses a new password that is too short, or the current one again (INVALID_INPUT on newPassword)", async () => {
    const team = await createTestTeam(t.db);
    for (const newPassword of ["short", team.admin.password]) {
      const attempt = changeStaffPassword(t.db, { platformId: team.platformId, staffId: team.admin.id, currentPassword: team.admin.password, newPassword });
      await expect(attempt).rejects.toMatchObject({ code: "INVALID_INPUT", fieldErrors: { newPassword: expect.any(String) } });
    }
  });

  it("answers STAFF_NOT_FOUND for another platform's staff user", async () => {
    const team = await createTestTeam(t.db);
    const other = await createTestTeam(t.db);
    const attempt = changeStaffPassword(t.db, { platformId: team.platformId, staffId: other.admin.id, currentPassword: other.admin.password, newPassword: NEW_PASSWORD });
    await expect(attempt).rejects.toMatchObject({ code: "STAFF_NOT_FOUND" });
    expect(await verifyStaffLogin(t.db, other.admin.email, other.admin.password)).not.toBeNull();
  });

  it("of two changes racing from the same current password, exactly one applies", async () => {
    const team = await createTestTeam(t.db);
    await t.warmPool();
    const results = await Promise.allSettled(
      ["first-new-password", "second-new-password"].map((newPassword) =>
        changeStaffPassword(t.db, { platformId: team.platformId, staffId: team.admin.id, currentPassword: team.admin.password, newPassword }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "WRONG_PASSWORD" } });
  });
});

describe("findStaffSessionUser", () => {
  it("answers null for a malformed or unknown id and for a stale or missing stamp", async () => {
    const team = await createTestTeam(t.db);
    const login = (await verifyStaffLogin(t.db, team.admin.email, team.admin.password))!;
    expect(await findStaffSessionUser(t.db, { staffId: team.admin.id, sessionStamp: login.sessionStamp, sessionId: login.sessionId })).toMatchObject({ id: team.admin.id, platformId: team.platformId, role: "ADMIN" });
    expect(await findStaffSessionUser(t.db, { staffId: "garbage", sessionStamp: login.sessionStamp, sessionId: login.sessionId })).toBeNull();
    expect(await findStaffSessionUser(t.db, { staffId: "0190f0f0-0000-7000-8000-000000000000", sessionStamp: login.sessionStamp, sessionId: login.sessionId })).toBeNull();
    expect(await findStaffSessionUser(t.db, { staffId: team.admin.id, sessionStamp: "", sessionId: login.sessionId })).toBeNull();
  });
});
