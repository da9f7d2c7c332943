import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceClock } from "../sandbox/advance-clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { UmaInvitationSchema } from "./schemas";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function platform(umaDomain: string | null = "uma.example.com") {
  const p = await t.createTestPlatform();
  if (umaDomain) await t.db.platform.update({ where: { id: p.platform.id }, data: { umaDomain } });
  return p;
}
type P = Awaited<ReturnType<typeof platform>>;
const create = (p: P, body: Record<string, unknown> = {}) => t.call("POST", "/invitations", { auth: p.auth, body: { inviterUma: "$alice@uma.example.com", ...body } });
const claim = (p: P, code: string, inviteeUma = "$bob@other.example.com") => t.call("POST", `/invitations/${code}/claim`, { auth: p.auth, body: { inviteeUma } });

describe("invitations", () => {
  it("creates a PENDING invitation (201) that any platform can read by code", async () => {
    const p = await platform();
    const res = await create(p, { firstName: "Bob", amountToSend: 2500 });
    expect(res.status).toBe(201);
    expect(UmaInvitationSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({ status: "PENDING", inviterUma: "$alice@uma.example.com", firstName: "Bob", amountToSend: { amount: 2500, currency: { code: "USD" } } });
    expect(res.json.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(res.json.url).toContain(res.json.code);
    const other = await platform(null);
    expect((await t.call("GET", `/invitations/${res.json.code}`, { auth: other.auth })).json).toEqual(res.json);
  });

  it("claim → CLAIMED with claimedAt and inviteeUma, INVITATION.CLAIMED to the inviter's platform; claiming twice → 400 INVITATION_ALREADY_CLAIMED", async () => {
    const inviter = await platform();
    const invitee = await platform(null);
    const { code } = (await create(inviter)).json;
    const res = await claim(invitee, code);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "CLAIMED", inviteeUma: "$bob@other.example.com" });
    expect(res.json.claimedAt).toBeDefined();
    const events = await t.db.webhookEvent.findMany({ where: { platformId: inviter.platform.id, type: "INVITATION.CLAIMED" } });
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.body).data).toMatchObject({ code, status: "CLAIMED", inviteeUma: "$bob@other.example.com" });
    expect(await t.db.webhookEvent.count({ where: { platformId: invitee.platform.id, type: "INVITATION.CLAIMED" } })).toBe(0);
    const twice = await claim(invitee, code);
    expect(twice.status).toBe(400);
    expect(twice.json.code).toBe("INVITATION_ALREADY_CLAIMED");
    const cancel = await t.call("POST", `/invitations/${code}/cancel`, { auth: inviter.auth });
    expect(cancel.json.code).toBe("INVITATION_ALREADY_CLAIMED");
  });

  it("cancel by the creator → CANCELLED; claiming or cancelling again → 400 INVITATION_CANCELLED", async () => {
    const p = await platform();
    const { code } = (await create(p)).json;
    const res = await t.call("POST", `/invitations/${code}/cancel`, { auth: p.auth });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("CANCELLED");
    const claimed = await claim(p, code);
    expect(claimed.status).toBe(400);
    expect(claimed.json.code).toBe("INVITATION_CANCELLED");
    expect((await t.call("POST", `/invitations/${code}/cancel`, { auth: p.auth })).json.code).toBe("INVITATION_CANCELLED");
  });

  it("concurrent claims of one code: exactly one 200, the others 400 INVITATION_ALREADY_CLAIMED; one INVITATION.CLAIMED", async () => {
    const inviter = await platform();
    const invitee = await platform(null);
    const { code } = (await create(inviter)).json;
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => claim(invitee, code, `$bob${i}@other.example.com`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of results.filter((r) => r.status === 400)) expect(r.json.code).toBe("INVITATION_ALREADY_CLAIMED");
    expect(await t.db.webhookEvent.count({ where: { platformId: inviter.platform.id, type: "INVITATION.CLAIMED" } })).toBe(1);
    const winner = results.find((r) => r.status === 200)!.json;
    expect((await t.call("GET", `/invitations/${code}`, { auth: inviter.auth })).json).toMatchObject({ status: "CLAIMED", inviteeUma: winner.inviteeUma });
  });

  it("a claim racing a cancel: exactly one of them 200, the other 400; INVITATION.CLAIMED only if the claim won", async () => {
    const inviter = await platform();
    const invitee = await platform(null);
    for (let i = 0; i < 5; i++) {
      const { code } = (await create(inviter)).json;
      await t.warmPool();
      const [claimed, cancelled] = await Promise.all([claim(invitee, code), t.call("POST", `/invitations/${code}/cancel`, { auth: inviter.auth })]);
      expect([claimed.status, cancelled.status].sort()).toEqual([200, 400]);
      const status = (await t.call("GET", `/invitations/${code}`, { auth: inviter.auth })).json.status;
      expect(status).toBe(claimed.status === 200 ? "CLAIMED" : "CANCELLED");
    }
    const claims = await t.db.webhookEvent.count({ where: { platformId: inviter.platform.id, type: "INVITATION.CLAIMED" } });
    const codes = await t.db.invitation.count({ where: { platformId: inviter.platform.id, status: "CLAIMED" } });
    expect(claims).toBe(codes);
  });

  it("another platform cannot cancel (403) and the invitation stays PENDING", async () => {
    const p = await platform();
    const other = await platform();
    const { code } = (await create(p)).json;
    const res = await t.call("POST", `/invitations/${code}/cancel`, { auth: other.auth });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("FORBIDDEN");
    expect((await t.call("GET", `/invitations/${code}`, { auth: p.auth })).json.status).toBe("PENDING");
  });

  it("unknown code → 404 INVITATION_NOT_FOUND on get, claim and cancel", async () => {
    const p = await platform();
    for (const [method, path] of [["GET", "/invitations/NOPE1234"], ["POST", "/invitations/NOPE1234/cancel"]] as const) {
      const res = await t.call(method, path, { auth: p.auth });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("INVITATION_NOT_FOUND");
    }
    expect((await claim(p, "NOPE1234")).json.code).toBe("INVITATION_NOT_FOUND");
  });

  it("past expiresAt it shows EXPIRED and cannot be claimed", async () => {
    const p = await platform();
    const clock = await t.call("GET", "/config", { auth: p.auth });
    expect(clock.status).toBe(200);
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    const { code } = (await create(p, { expiresAt })).json;
    await advanceClock(t.db, p.platform.id, 120);
    expect((await t.call("GET", `/invitations/${code}`, { auth: p.auth })).json.status).toBe("EXPIRED");
    const res = await claim(p, code);
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("expired");
  });

  it("an expiresAt already past on the platform's sandbox clock is refused naming the platform's time", async () => {
    const p = await platform();
    await advanceClock(t.db, p.platform.id, 21 * 3600);
    const res = await create(p, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() }); // an hour ahead on the caller's clock
    expect(res.status).toBe(400);
    const [error] = res.json.details.errors;
    expect(error).toMatchObject({ field: "expiresAt", message: `must be after the platform's current time, ${error.constraint.minimum} (its sandbox clock)` });
  });

  it("400 INVITATIONS_NOT_CONFIGURED without a umaDomain; 400 INVALID_UMA_ADDRESS for malformed addresses", async () => {
    const bare = await platform(null);
    const res = await create(bare);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVITATIONS_NOT_CONFIGURED");
    const p = await platform();
    expect((await create(p, { inviterUma: "alice" })).json.code).toBe("INVALID_UMA_ADDRESS");
    const { code } = (await create(p)).json;
    expect((await claim(p, code, "bob@nowhere")).json.code).toBe("INVALID_UMA_ADDRESS");
    const missing = await t.call("POST", "/invitations", { auth: p.auth, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.details.errors[0].field).toBe("inviterUma");
  });

  it("the inviter cannot claim their own invitation (any letter case): 400 SELF_PAYMENT, and it stays PENDING for the invitee (walk-money M14)", async () => {
    const p = await platform();
    const { code } = (await create(p)).json;
    const own = await claim(p, code, "$Alice@UMA.example.com");
    expect([own.status, own.json.code, own.json.details.field]).toEqual([400, "SELF_PAYMENT", "inviteeUma"]);
    expect(own.json.message).toContain("inviter's own address");
    expect((await t.call("GET", `/invitations/${code}`, { auth: p.auth })).json.status).toBe("PENDING");
    expect((await claim(p, code)).json.status).toBe("CLAIMED");
  });
});
