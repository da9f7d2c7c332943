import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestTeam } from "../testing/staff-fixtures";
import { PASSWORD_THROTTLE } from "./throttle-password-check";
import { verifyStaffLogin } from "./verify-staff-login";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const locked = (retryAfterSeconds: number) => ({ code: "TOO_MANY_ATTEMPTS", retryAfterSeconds });

/** Signs in with a wrong password `times` times at `now`; each answers null (not locked yet). */
async function failTimes(email: string, times: number, now: Date) {
  for (let i = 0; i < times; i++) expect(await verifyStaffLogin(t.db, email, "not-the-password", { now })).toBeNull();
}

async function newMember() {
  const team = await createTestTeam(t.db);
  return team.add("OPERATOR");
}

describe("verifyStaffLogin throttle", () => {
  it("uses 5 wrong passwords per 15 minutes and a 15-minute lockout", () => {
    expect(PASSWORD_THROTTLE).toEqual({ maxFailures: 5, windowMs: 15 * MINUTE, lockoutMs: 15 * MINUTE });
  });

  it("the 5th wrong password locks the email for 15 minutes; until then even the right password is refused", async () => {
    const member = await newMember();
    const start = new Date();
    await failTimes(member.email, 4, start);
    await expect(verifyStaffLogin(t.db, member.email, "not-the-password", { now: start })).rejects.toMatchObject(locked(15 * 60));

    await expect(verifyStaffLogin(t.db, member.email, member.password, { now: later(start, MINUTE) })).rejects.toMatchObject(locked(14 * 60));
    await expect(verifyStaffLogin(t.db, member.email, member.password, { now: later(start, 15 * MINUTE - 1_000) })).rejects.toMatchObject(locked(1));
    expect(await verifyStaffLogin(t.db, member.email, member.password, { now: later(start, 15 * MINUTE) })).toMatchObject({ id: member.id });
  });

  it("attempts refused during the lockout do not extend it, and after it the count starts again", async () => {
    const member = await newMember();
    const start = new Date();
    await failTimes(member.email, 4, start);
    await expect(verifyStaffLogin(t.db, member.email, "not-the-password", { now: start })).rejects.toMatchObject(locked(15 * 60));
    for (let minute = 1; minute < 15; minute++) {
      await expect(verifyStaffLogin(t.db, member.email, "not-the-password", { now: later(start, minute * MINUTE) })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    }
    await failTimes(member.email, 4, later(start, 15 * MINUTE));
    await expect(verifyStaffLogin(t.db, member.email, "not-the-password", { now: later(start, 15 * MINUTE) })).rejects.toMatchObject(locked(15 * 60));
  });

  it("wrong passwords further apart than the 15-minute window never lock", async () => {
    const member = await newMember();
    const start = new Date();
    await failTimes(member.email, 4, start);
    // The window opened at `start`; at +15 min a new one opens and this is its first failure.
    await failTimes(member.email, 4, later(start, 15 * MINUTE));
    await failTimes(member.email, 4, later(start, 30 * MINUTE));
    expect(await verifyStaffLogin(t.db, member.email, member.password, { now: later(start, 31 * MINUTE) })).toMatchObject({ id: member.id });
  });

  it("a successful sign-in clears the count", async () => {
    const member = await newMember();
    const now = new Date();
    await failTimes(member.email, 4, now);
    expect(await verifyStaffLogin(t.db, member.email, member.password, { now })).toMatchObject({ id: member.id });
    expect(await t.db.staffSignInThrottle.findUnique({ where: { email: member.email } })).toBeNull();
    await failTimes(member.email, 4, now);
    await expect(verifyStaffLogin(t.db, member.email, "not-the-password", { now })).rejects.toMatchObject(locked(15 * 60));
  });

  it("an unknown email is counted and locked exactly like a known one", async () => {
    const member = await newMember();
    const unknown = `nobody-${randomUUID()}@example.com`;
    const now = new Date();
    await failTimes(member.email, 4, now);
    await failTimes(unknown, 4, now);
    const known = await verifyStaffLogin(t.db, member.email, "not-the-password", { now }).catch((e: unknown) => e);
    const missing = await verifyStaffLogin(t.db, unknown, "not-the-password", { now }).catch((e: unknown) => e);
    expect(missing).toMatchObject(locked(15 * 60));
    expect(missing).toEqual(known);
    expect((missing as Error).message).toBe((known as Error).message);
  });

  it("counts per email whatever its case and surrounding spaces, and only that email", async () => {
    const member = await newMember();
    const other = await newMember();
    const now = new Date();
    const upper = member.email.toUpperCase();
    for (const email of [upper, ` ${member.email} `, upper, member.email.replace(/^./, (c) => c.toUpperCase())]) {
      expect(await verifyStaffLogin(t.db, email, "not-the-password", { now })).toBeNull();
    }
    await expect(verifyStaffLogin(t.db, ` ${upper}`, "not-the-password", { now })).rejects.toMatchObject(locked(15 * 60));
    await expect(verifyStaffLogin(t.db, member.email, member.password, { now })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect(await verifyStaffLogin(t.db, other.email, other.password, { now })).toMatchObject({ id: other.id });
  });

  it("10 wrong passwords at once count 10: 4 answer wrong, the 5th locks, the other 5 are refused unchecked", async () => {
    const member = await newMember();
    const now = new Date();
    await t.warmPool();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => verifyStaffLogin(t.db, member.email, "not-the-password", { now })));

    expect(results.filter((r) => r.status === "fulfilled").map((r) => r.value)).toEqual([null, null, null, null]);
    const refusals = results.filter((r) => r.status === "rejected").map((r) => r.reason);
    expect(refusals).toHaveLength(6);
    for (const reason of refusals) expect(reason).toMatchObject(locked(15 * 60));
    expect(await t.db.staffSignInThrottle.findUnique({ where: { email: member.email } })).toMatchObject({ failures: 10, lockedUntil: later(now, 15 * MINUTE) });
    await expect(verifyStaffLogin(t.db, member.email, member.password, { now })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
  });
});
