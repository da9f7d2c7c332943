import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createTestTeam } from "../testing/staff-fixtures";
import { changeStaffPassword } from "./change-staff-password";
import { PASSWORD_THROTTLE, SIGN_IN_IP_THROTTLE } from "./throttle-password-check";
import { verifyStaffLogin } from "./verify-staff-login";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const ipLocked = (retryAfterSeconds: number) => ({ code: "TOO_MANY_ATTEMPTS_FROM_IP", retryAfterSeconds });
/** An address of this test alone (10/8 is private: no real client has it here). */
const newIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const unknownEmail = () => `nobody-${randomUUID()}@example.com`;

async function newMember() {
  const team = await createTestTeam(t.db);
  return team.add("OPERATOR");
}

/** `times` wrong passwords from `clientIp`, each for a new unknown email; each answers null (not locked yet). */
async function failFrom(clientIp: string, times: number, now: Date) {
  for (let i = 0; i < times; i++) expect(await verifyStaffLogin(t.db, unknownEmail(), "not-the-password", { now, clientIp })).toBeNull();
}

const ipRow = (ip: string) => t.db.staffSignInIpThrottle.findUnique({ where: { ip } });
const emailRow = (email: string) => t.db.staffSignInThrottle.findUnique({ where: { email } });

describe("verifyStaffLogin per client address", () => {
  it("uses 20 failed sign-ins per 15 minutes and a 15-minute lockout, four emails' worth", () => {
    expect(SIGN_IN_IP_THROTTLE).toEqual({ maxFailures: 20, windowMs: 15 * MINUTE, lockoutMs: 15 * MINUTE });
    expect(SIGN_IN_IP_THROTTLE.maxFailures / PASSWORD_THROTTLE.maxFailures).toBe(4);
  });

  it("the 20th failure from one address, over as many emails, locks the address for 15 minutes: then it is refused for every email, the right password included, and other addresses are not", async () => {
    const member = await newMember();
    const ip = newIp();
    const start = new Date();
    await failFrom(ip, 19, start);
    await expect(verifyStaffLogin(t.db, unknownEmail(), "not-the-password", { now: start, clientIp: ip })).rejects.toMatchObject(ipLocked(15 * 60));

    await expect(verifyStaffLogin(t.db, member.email, member.password, { now: later(start, MINUTE), clientIp: ip })).rejects.toMatchObject(ipLocked(14 * 60));
    // Refused before the email was counted: the member's own count is untouched.
    expect(await emailRow(member.email)).toBeNull();
    expect(await verifyStaffLogin(t.db, member.email, member.password, { now: later(start, MINUTE), clientIp: newIp() })).toMatchObject({ id: member.id });
    await expect(verifyStaffLogin(t.db, member.email, member.password, { now: later(start, 15 * MINUTE - 1_000), clientIp: ip })).rejects.toMatchObject(ipLocked(1));
    expect(await verifyStaffLogin(t.db, member.email, member.password, { now: later(start, 15 * MINUTE), clientIp: ip })).toMatchObject({ id: member.id });
  });

  it("one address locks at most 4 emails per window: after 4 emails' lockouts the 5th email's attempts are refused for the address and leave the email alone", async () => {
    const team = await createTestTeam(t.db);
    const members = [];
    for (let i = 0; i < 5; i++) members.push(await team.add("OPERATOR"));
    const ip = newIp();
    const now = new Date();
    for (const member of members.slice(0, 4)) {
      for (let i = 1; i < PASSWORD_THROTTLE.maxFailures; i++) expect(await verifyStaffLogin(t.db, member.email, "not-the-password", { now, clientIp: ip })).toBeNull();
      await expect(verifyStaffLogin(t.db, member.email, "not-the-password", { now, clientIp: ip })).rejects.toMatchObject({ code: expect.stringMatching(/^TOO_MANY_ATTEMPTS/) });
    }
    const fifth = members[4]!;
    for (let i = 0; i < PASSWORD_THROTTLE.maxFailures; i++) {
      await expect(verifyStaffLogin(t.db, fifth.email, "not-the-password", { now, clientIp: ip })).rejects.toMatchObject(ipLocked(15 * 60));
    }
    expect(await emailRow(fifth.email)).toBeNull();
    expect(await verifyStaffLogin(t.db, fifth.email, fifth.password, { now, clientIp: newIp() })).toMatchObject({ id: fifth.id });
  });

  it("successful sign-ins are not failures and take back only their own count: a guesser with a valid sign-in cannot reset the address's count", async () => {
    const member = await newMember();
    const ip = newIp();
    const now = new Date();
    for (let i = 0; i < 3; i++) expect(await verifyStaffLogin(t.db, member.email, member.password, { now, clientIp: ip })).toMatchObject({ id: member.id });
    expect(await ipRow(ip)).toMatchObject({ failures: 0, lockedUntil: null });

    await failFrom(ip, 19, now);
    // This one counts as the 20th (and sets the lockout) until the password proves right.
    expect(await verifyStaffLogin(t.db, member.email, member.password, { now, clientIp: ip })).toMatchObject({ id: member.id });
    expect(await ipRow(ip)).toMatchObject({ failures: 19, lockedUntil: null });
    await expect(verifyStaffLogin(t.db, unknownEmail(), "not-the-password", { now, clientIp: ip })).rejects.toMatchObject(ipLocked(15 * 60));
    await expect(verifyStaffLogin(t.db, member.email, member.password, { now, clientIp: ip })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS_FROM_IP" });
  });

  it("30 wrong sign-ins from one address at once, for 30 emails, count exactly 30: 19 answer wrong, the 20th locks, the other 10 are refused unchecked and their emails never counted", async () => {
    const ip = newIp();
    const now = new Date();
    const emails = Array.from({ length: 30 }, unknownEmail);
    await t.warmPool();
    const results = await Promise.allSettled(emails.map((email) => verifyStaffLogin(t.db, email, "not-the-password", { now, clientIp: ip })));

    expect(results.filter((r) => r.status === "fulfilled").map((r) => r.value)).toEqual(Array(19).fill(null));
    const refusals = results.filter((r) => r.status === "rejected").map((r) => r.reason);
    expect(refusals).toHaveLength(11);
    for (const reason of refusals) expect(reason).toMatchObject(ipLocked(15 * 60));
    expect(await ipRow(ip)).toMatchObject({ failures: 30, lockedUntil: later(now, 15 * MINUTE) });
    expect(await t.db.staffSignInThrottle.count({ where: { email: { in: emails } } })).toBe(SIGN_IN_IP_THROTTLE.maxFailures);
  });

  // 19 at once: each attempt counts while it runs, so 20 at once could lock the address for a moment.
  it("10 members signing in and 9 wrong passwords from one address at once leave exactly the 9 failures counted", async () => {
    const team = await createTestTeam(t.db);
    const members = [];
    for (let i = 0; i < 10; i++) members.push(await team.add("SUPPORT"));
    const ip = newIp();
    const now = new Date();
    await t.warmPool();
    const attempts = members.flatMap((member, i) => [
      verifyStaffLogin(t.db, member.email, member.password, { now, clientIp: ip }),
      ...(i < 9 ? [verifyStaffLogin(t.db, unknownEmail(), "not-the-password", { now, clientIp: ip })] : []),
    ]);
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r === null)).toHaveLength(9);
    expect(results.filter((r) => r !== null).map((r) => r!.id).sort()).toEqual(members.map((m) => m.id).sort());
    expect(await ipRow(ip)).toMatchObject({ failures: 9, lockedUntil: null });
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 address", async () => {
    const member = await newMember();
    const prefix = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
    const now = new Date();
    for (let i = 0; i < 20; i++) {
      const attempt = verifyStaffLogin(t.db, unknownEmail(), "not-the-password", { now, clientIp: `${prefix}:${i.toString(16)}::${randomInt(65536).toString(16)}` });
      if (i < 19) expect(await attempt).toBeNull();
      else await expect(attempt).rejects.toMatchObject(ipLocked(15 * 60));
    }
    await expect(verifyStaffLogin(t.db, member.email, member.password, { now, clientIp: `${prefix}::abcd` })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS_FROM_IP" });

    const ip = newIp();
    await failFrom(`::ffff:${ip}`, 19, now);
    await expect(verifyStaffLogin(t.db, member.email, "not-the-password", { now, clientIp: ip })).rejects.toMatchObject(ipLocked(15 * 60));
  });

  it("a server's own limit (ipMaxFailures) replaces the 20", async () => {
    const ip = newIp();
    const now = new Date();
    for (let i = 0; i < 2; i++) expect(await verifyStaffLogin(t.db, unknownEmail(), "not-the-password", { now, clientIp: ip, ipMaxFailures: 3 })).toBeNull();
    await expect(verifyStaffLogin(t.db, unknownEmail(), "not-the-password", { now, clientIp: ip, ipMaxFailures: 3 })).rejects.toMatchObject(ipLocked(15 * 60));
  });

  it("without a usable address only the email's limit applies, and a password change never counts for an address", async () => {
    const team = await createTestTeam(t.db);
    const member = await team.add("OPERATOR");
    const now = new Date();
    for (const clientIp of [undefined, null, "", "unknown"]) expect(await verifyStaffLogin(t.db, unknownEmail(), "not-the-password", { now, clientIp })).toBeNull();
    expect(await t.db.staffSignInIpThrottle.count({ where: { ip: { in: ["", "unknown"] } } })).toBe(0);

    const before = await t.db.staffSignInIpThrottle.count();
    await expect(changeStaffPassword(t.db, { platformId: team.platformId, staffId: member.id, currentPassword: "not-my-password", newPassword: "a-brand-new-password", now })).rejects.toMatchObject({ code: "WRONG_PASSWORD" });
    expect(await t.db.staffSignInIpThrottle.count()).toBe(before);
  });
});
