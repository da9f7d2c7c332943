import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestTeam } from "../testing/staff-fixtures";
import { changeStaffRole } from "./change-staff-role";
import { findStaffSessionUser } from "./find-staff-session-user";
import { removeStaffUser } from "./remove-staff-user";
import { verifyStaffLogin } from "./verify-staff-login";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adminCount = (platformId: string) => t.db.staffUser.count({ where: { platformId, role: "ADMIN" } });

describe("changeStaffRole", () => {
  it("changes a member's role, and the member's session sees it on its next lookup", async () => {
    const team = await createTestTeam(t.db);
    const support = await team.add("SUPPORT");
    const login = (await verifyStaffLogin(t.db, support.email, support.password))!;

    const changed = await changeStaffRole(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: support.id, role: "OPERATOR" });
    expect(changed).toMatchObject({ id: support.id, role: "OPERATOR" });
    expect(await findStaffSessionUser(t.db, { staffId: support.id, sessionStamp: login.sessionStamp, sessionId: login.sessionId })).toMatchObject({ role: "OPERATOR" });
  });

  it("answers LAST_ADMIN when the only admin would be demoted, and lets one of two admins step down", async () => {
    const team = await createTestTeam(t.db);
    await expect(changeStaffRole(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: team.admin.id, role: "OPERATOR" })).rejects.toMatchObject({ code: "LAST_ADMIN" });

    const second = await team.add("ADMIN");
    await changeStaffRole(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: team.admin.id, role: "SUPPORT" });
    await expect(changeStaffRole(t.db, { platformId: team.platformId, actorId: second.id, staffId: second.id, role: "SUPPORT" })).rejects.toMatchObject({ code: "LAST_ADMIN" });
    expect(await adminCount(team.platformId)).toBe(1);
  });

  it("answers STAFF_NOT_FOUND for another platform's staff id or a malformed one, and changes nothing", async () => {
    const team = await createTestTeam(t.db);
    const other = await createTestTeam(t.db);
    const foreign = await other.add("SUPPORT");
    for (const staffId of [foreign.id, other.admin.id, "not-a-uuid", `StaffUser:${foreign.id}x`]) {
      await expect(changeStaffRole(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId, role: "ADMIN" })).rejects.toMatchObject({ code: "STAFF_NOT_FOUND" });
    }
    expect((await t.db.staffUser.findUniqueOrThrow({ where: { id: foreign.id } })).role).toBe("SUPPORT");
  });

  it("answers FORBIDDEN to an operator or support member", async () => {
    const team = await createTestTeam(t.db);
    const operator = await team.add("OPERATOR");
    const support = await team.add("SUPPORT");
    await expect(changeStaffRole(t.db, { platformId: team.platformId, actorId: operator.id, staffId: operator.id, role: "ADMIN" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(changeStaffRole(t.db, { platformId: team.platformId, actorId: support.id, staffId: operator.id, role: "SUPPORT" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("answers INVALID_INPUT for an unknown role", async () => {
    const team = await createTestTeam(t.db);
    const attempt = changeStaffRole(t.db, { platformId: team.platformId, actorId: team.admin.id, staffId: team.admin.id, role: "ROOT" as "ADMIN" });
    await expect(attempt).rejects.toMatchObject({ code: "INVALID_INPUT", fieldErrors: { role: expect.any(String) } });
  });
});

describe("the platform keeps an admin under concurrent changes", () => {
  it("two admins demoting each other at the same moment: exactly one wins and one admin remains", async () => {
    await t.warmPool();
    for (let round = 0; round < 5; round++) {
      const team = await createTestTeam(t.db);
      const b = await team.add("ADMIN");
      const a = team.admin;
      const results = await Promise.allSettled([
        changeStaffRole(t.db, { platformId: team.platformId, actorId: a.id, staffId: b.id, role: "SUPPORT" }),
        changeStaffRole(t.db, { platformId: team.platformId, actorId: b.id, staffId: a.id, role: "SUPPORT" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: expect.stringMatching(/^(FORBIDDEN|LAST_ADMIN)$/) } });
      expect(await adminCount(team.platformId)).toBe(1);
    }
  });

  it("two admins stepping down at the same moment: exactly one may, and one admin remains", async () => {
    await t.warmPool();
    for (let round = 0; round < 5; round++) {
      const team = await createTestTeam(t.db);
      const b = await team.add("ADMIN");
      const a = team.admin;
      const results = await Promise.allSettled([
        changeStaffRole(t.db, { platformId: team.platformId, actorId: a.id, staffId: a.id, role: "OPERATOR" }),
        changeStaffRole(t.db, { platformId: team.platformId, actorId: b.id, staffId: b.id, role: "OPERATOR" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "LAST_ADMIN" } });
      expect(await adminCount(team.platformId)).toBe(1);
    }
  });

  it("two admins removing each other at the same moment: exactly one is removed and one admin remains", async () => {
    await t.warmPool();
    for (let round = 0; round < 5; round++) {
      const team = await createTestTeam(t.db);
      const b = await team.add("ADMIN");
      const a = team.admin;
      const results = await Promise.allSettled([
        removeStaffUser(t.db, { platformId: team.platformId, actorId: a.id, staffId: b.id }),
        removeStaffUser(t.db, { platformId: team.platformId, actorId: b.id, staffId: a.id }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "FORBIDDEN" } });
      expect(await adminCount(team.platformId)).toBe(1);
    }
  });
});
