import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestTeam } from "../testing/staff-fixtures";
import { addStaffUser } from "./add-staff-user";
import { listStaffUsers } from "./list-staff-users";
import { verifyStaffLogin } from "./verify-staff-login";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("addStaffUser", () => {
  it("gives a member their own sign-in: the temporary password works, with the chosen role, marked temporary, and the email is stored lowercased", async () => {
    const team = await createTestTeam(t.db);
    const email = `New.Support-${Date.now()}@Example.com`;
    const { member, temporaryPassword } = await addStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, name: "  Sam Support ", email: ` ${email} `, role: "SUPPORT" });

    expect(member).toMatchObject({ name: "Sam Support", email: email.toLowerCase(), role: "SUPPORT", hasTemporaryPassword: true });
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await verifyStaffLogin(t.db, email, temporaryPassword)).toMatchObject({ id: member.id, role: "SUPPORT", platformId: team.platformId, hasTemporaryPassword: true });
    expect((await t.db.staffUser.findUniqueOrThrow({ where: { id: member.id } })).passwordHash).not.toContain(temporaryPassword);
  });

  it("draws a different temporary password each time", async () => {
    const team = await createTestTeam(t.db);
    const add = (n: number) => addStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, name: `M${n}`, email: `m${n}-${Date.now()}@example.com`, role: "OPERATOR" });
    const [a, b] = [await add(1), await add(2)];
    expect(a.temporaryPassword).not.toBe(b.temporaryPassword);
  });

  it("answers STAFF_EMAIL_TAKEN on the email field for an address that already signs in, on this platform or another, in any case", async () => {
    const team = await createTestTeam(t.db);
    const other = await createTestTeam(t.db);
    for (const email of [team.admin.email, other.admin.email.toUpperCase()]) {
      await expect(addStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, name: "Dup", email, role: "SUPPORT" })).rejects.toMatchObject({
        code: "STAFF_EMAIL_TAKEN",
        fieldErrors: { email: "already has a sign-in" },
      });
    }
    expect(await listStaffUsers(t.db, team.platformId)).toHaveLength(1);
  });

  it("answers INVALID_INPUT naming every bad field", async () => {
    const team = await createTestTeam(t.db);
    const attempt = addStaffUser(t.db, { platformId: team.platformId, actorId: team.admin.id, name: "  ", email: "not-an-email", role: "OWNER" as "ADMIN" });
    await expect(attempt).rejects.toMatchObject({ code: "INVALID_INPUT", fieldErrors: { name: expect.any(String), email: "is not a valid email address", role: expect.any(String) } });
  });

  it("answers FORBIDDEN to a non-admin and to another platform's admin", async () => {
    const team = await createTestTeam(t.db);
    const operator = await team.add("OPERATOR");
    const other = await createTestTeam(t.db);
    for (const actorId of [operator.id, other.admin.id]) {
      const attempt = addStaffUser(t.db, { platformId: team.platformId, actorId, name: "X", email: `x-${Date.now()}-${actorId}@example.com`, role: "ADMIN" });
      await expect(attempt).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });
});

describe("listStaffUsers", () => {
  it("lists only the platform's own staff, first added first", async () => {
    const team = await createTestTeam(t.db);
    const support = await team.add("SUPPORT");
    await createTestTeam(t.db);
    const list = await listStaffUsers(t.db, team.platformId);
    expect(list.map((m) => [m.id, m.role, m.hasTemporaryPassword])).toEqual([
      [team.admin.id, "ADMIN", false],
      [support.id, "SUPPORT", false],
    ]);
    expect(Date.parse(list[0]!.createdAt)).not.toBeNaN();
  });
});
