import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestTeam } from "../testing/staff-fixtures";
import { findStaffSessionUser } from "./find-staff-session-user";
import { listStaffUsers } from "./list-staff-users";
import { removeStaffUser } from "./remove-staff-user";
import { verifyStaffLogin } from "./verify-staff-login";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("removeStaffUser", () => {
  it("removes a member: they can no longer sign in and their open session ends", async () => {
    const team = await createTestTeam(t.db);
    const support = await team.add("SUPPORT");
    const login = (await verifyStaffLogin(t.db, support.email, support.password))!;

    await removeStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: support.id });
    expect(await verifyStaffLogin(t.db, support.email, support.password)).toBeNull();
    expect(await findStaffSessionUser(t.db, { staffId: support.id, sessionStamp: login.sessionStamp, sessionId: login.sessionId })).toBeNull();
    expect((await listStaffUsers(t.db, team.platformId)).map((m) => m.id)).toEqual([team.admin.id]);
  });

  it("removes another admin, but an admin cannot remove themselves (CANNOT_REMOVE_SELF)", async () => {
    const team = await createTestTeam(t.db);
    const second = await team.add("ADMIN");
    await expect(removeStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: team.admin.id })).rejects.toMatchObject({ code: "CANNOT_REMOVE_SELF" });
    await removeStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: second.id });
    await expect(removeStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: team.admin.id })).rejects.toMatchObject({ code: "CANNOT_REMOVE_SELF" });
    expect(await t.db.staffUser.count({ where: { platformId: team.platformId, role: "ADMIN" } })).toBe(1);
  });

  it("answers STAFF_NOT_FOUND for another platform's staff id, an already removed one or a malformed one", async () => {
    const team = await createTestTeam(t.db);
    const other = await createTestTeam(t.db);
    const foreign = await other.add("OPERATOR");
    const gone = await team.add("SUPPORT");
    await removeStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: gone.id });
    for (const staffId of [foreign.id, gone.id, "nope"]) {
      await expect(removeStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId })).rejects.toMatchObject({ code: "STAFF_NOT_FOUND" });
    }
    expect(await t.db.staffUser.count({ where: { id: foreign.id } })).toBe(1);
  });

  it("answers FORBIDDEN to a non-admin", async () => {
    const team = await createTestTeam(t.db);
    const operator = await team.add("OPERATOR");
    const support = await team.add("SUPPORT");
    await expect(removeStaffUser(t.db, { platformId: team.platformId, actorId: operator.id, staffId: support.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await t.db.staffUser.count({ where: { id: support.id } })).toBe(1);
  });
});
