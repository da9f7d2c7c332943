import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepStaleRows } from "../jobs/sweep-stale-rows";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestTeam } from "../testing/staff-fixtures";
import { findStaffSessionUser } from "./find-staff-session-user";
import { endStaffSession, startStaffSession, STAFF_SESSION_MAX_AGE_SECONDS } from "./staff-sessions";
import { verifyStaffLogin } from "./verify-staff-login";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("staff sessions", () => {
  it("ends a signed-out session on the server: its cookie no longer counts, the user's other sessions do", async () => {
    const team = await createTestTeam(t.db);
    const here = (await verifyStaffLogin(t.db, team.admin.email, team.admin.password))!;
    const elsewhere = (await verifyStaffLogin(t.db, team.admin.email, team.admin.password))!;
    expect(here.sessionId).not.toBe(elsewhere.sessionId);

    await endStaffSession(t.db, here.sessionId);
    expect(await findStaffSessionUser(t.db, { staffId: team.admin.id, sessionStamp: here.sessionStamp, sessionId: here.sessionId })).toBeNull();
    expect(await findStaffSessionUser(t.db, { staffId: team.admin.id, sessionStamp: elsewhere.sessionStamp, sessionId: elsewhere.sessionId })).toMatchObject({ id: team.admin.id });
    await endStaffSession(t.db, here.sessionId); // twice: a no-op
    await endStaffSession(t.db, "not-a-session-id");
  });

  it("answers null past the session's working day, for another user's session and for a missing or malformed session id", async () => {
    const team = await createTestTeam(t.db);
    const support = await team.add("SUPPORT");
    const login = (await verifyStaffLogin(t.db, team.admin.email, team.admin.password))!;
    const { sessionStamp, sessionId } = login;
    const justBefore = new Date(Date.now() + STAFF_SESSION_MAX_AGE_SECONDS * 1000 - 60_000);
    const after = new Date(Date.now() + STAFF_SESSION_MAX_AGE_SECONDS * 1000 + 1000);
    expect(await findStaffSessionUser(t.db, { staffId: team.admin.id, sessionStamp, sessionId }, justBefore)).toMatchObject({ id: team.admin.id });
    expect(await findStaffSessionUser(t.db, { staffId: team.admin.id, sessionStamp, sessionId }, after)).toBeNull();
    expect(await findStaffSessionUser(t.db, { staffId: support.id, sessionStamp, sessionId })).toBeNull();
    expect(await findStaffSessionUser(t.db, { staffId: team.admin.id, sessionStamp, sessionId: "" })).toBeNull();
    expect(await findStaffSessionUser(t.db, { staffId: team.admin.id, sessionStamp, sessionId: "0190f0f0-0000-7000-8000-000000000000" })).toBeNull();
    expect(await findStaffSessionUser(t.db, { staffId: team.admin.id, sessionStamp, sessionId: "x' OR 1=1" })).toBeNull();
  });

  it("is swept once expired; a live one stays", async () => {
    const team = await createTestTeam(t.db);
    const expired = await startStaffSession(t.db, team.admin.id, new Date(Date.now() - STAFF_SESSION_MAX_AGE_SECONDS * 1000 - 1000));
    const live = await startStaffSession(t.db, team.admin.id, new Date());
    expect((await sweepStaleRows(t.db)).staffSessions).toBeGreaterThanOrEqual(1);
    const left = await t.db.staffSession.findMany({ where: { id: { in: [expired, live] } }, select: { id: true } });
    expect(left.map((row) => row.id)).toEqual([live]);
  });
});
