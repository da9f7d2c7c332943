import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { now } from "../sandbox/clock";
import type { JobContext } from "./handlers";
import { JOB_HANDLERS } from "./handlers";
import { claimDueJobs, runJobs } from "./run-jobs";
import { scheduleJob } from "./schedule-job";
import { holdEveryPooledConnection } from "../testing/hold-pool";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KIND = "test.nothing";

describe("claimDueJobs", () => {
  it("claims due jobs oldest first up to the limit, by the platform's clock; later ones wait", async () => {
    const { platform } = await t.createTestPlatform();
    const at = await now(t.db, platform.id);
    const runAt = (seconds: number) => new Date(at.getTime() + seconds * 1000);
    const ids = [];
    for (const seconds of [-3, -1, -2, 3600]) ids.push(await scheduleJob(t.db, { platformId: platform.id, kind: KIND, payload: { seconds }, runAt: runAt(seconds) }));

    const first = await claimDueJobs(t.db, { limit: 2, platformId: platform.id });
    expect(first.map((j) => j.payload)).toEqual([{ seconds: -3 }, { seconds: -2 }]);
    expect(first.every((j) => j.attempts === 1)).toBe(true);
    expect((await claimDueJobs(t.db, { limit: 10, platformId: platform.id })).map((j) => j.payload)).toEqual([{ seconds: -1 }]);
    expect(await claimDueJobs(t.db, { limit: 10, platformId: platform.id })).toEqual([]);

    // An hour ahead on the sandbox clock, the last one is due.
    await t.db.platform.update({ where: { id: platform.id }, data: { clockOffsetMs: 3_601_000n } });
    expect((await claimDueJobs(t.db, { limit: 10, platformId: platform.id })).map((j) => j.id)).toEqual([ids[3]]);
  });

  it("takes over a job whose worker's lease ran out (a crashed worker), unless told not to look", async () => {
    const { platform } = await t.createTestPlatform();
    const id = await scheduleJob(t.db, { platformId: platform.id, kind: KIND, payload: {} });
    expect((await claimDueJobs(t.db, { limit: 1, platformId: platform.id })).map((j) => j.id)).toEqual([id]);
    expect(await claimDueJobs(t.db, { limit: 1, platformId: platform.id })).toEqual([]); // leased

    await t.db.job.update({ where: { id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect(await claimDueJobs(t.db, { limit: 1, platformId: platform.id, includeAbandoned: false })).toEqual([]);
    const again = await claimDueJobs(t.db, { limit: 1, platformId: platform.id });
    expect(again.map((j) => [j.id, j.attempts])).toEqual([[id, 2]]);
  });
});

describe("runJobs", () => {
  it("a job that loses a deadlock runs again a little later instead of ending FAILED; a job that fails otherwise stays FAILED", async () => {
    const { platform } = await t.createTestPlatform();
    const table = `job_deadlock_${Math.random().toString(36).slice(2, 8)}`;
    await t.db.$executeRawUnsafe(`CREATE TABLE "${table}" (id int PRIMARY KEY, n int NOT NULL)`);
    await t.db.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (1, 0), (2, 0)`);
    // Two handlers take the same two row locks in opposite orders, each waiting (on its first run)
    // for the other to hold its first lock: PostgreSQL aborts one of them.
    let arrived = 0;
    let release!: () => void;
    const bothHoldTheirFirstLock = new Promise<void>((r) => (release = r));
    const runs: string[] = [];
    const crossing = (order: [number, number]) => async ({ db, payload }: JobContext) => {
      const name = (payload as { name: string }).name;
      runs.push(name);
      await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`UPDATE "${table}" SET n = n + 1 WHERE id = ${order[0]}`);
        if (runs.filter((r) => r === name).length === 1) {
          if (++arrived === 2) release();
          await bothHoldTheirFirstLock;
        }
        await tx.$executeRawUnsafe(`UPDATE "${table}" SET n = n + 1 WHERE id = ${order[1]}`);
      });
    };
    const handlers = JOB_HANDLERS as Record<string, (ctx: JobContext) => Promise<void>>;
    handlers["test.cross-a"] = crossing([1, 2]);
    handlers["test.cross-b"] = crossing([2, 1]);
    handlers["test.broken"] = async () => {
      throw new Error("not a conflict");
    };
    try {
      for (const [kind, name] of [["test.cross-a", "a"], ["test.cross-b", "b"], ["test.broken", "broken"]])
        await scheduleJob(t.db, { platformId: platform.id, kind: kind!, payload: { name } });
      const ran = await runJobs(t.db, await claimDueJobs(t.db, { limit: 10, platformId: platform.id }));
      expect(ran.map((r) => r.status).sort()).toEqual(["DONE", "FAILED", "FAILED"]);
      const jobs = async () => Object.fromEntries((await t.db.job.findMany({ where: { platformId: platform.id } })).map((j) => [(j.payload as { name: string }).name, j.status]));
      const loser = ran.find((r) => r.status === "FAILED" && r.kind !== "test.broken")!;
      const loserName = loser.kind === "test.cross-a" ? "a" : "b";
      expect(await jobs()).toEqual({ a: loserName === "a" ? "PENDING" : "DONE", b: loserName === "b" ? "PENDING" : "DONE", broken: "FAILED" });
      expect(await claimDueJobs(t.db, { limit: 10, platformId: platform.id })).toEqual([]); // a little later, not at once

      await t.db.platform.update({ where: { id: platform.id }, data: { clockOffsetMs: 3_000n } });
      const again = await runJobs(t.db, await claimDueJobs(t.db, { limit: 10, platformId: platform.id }));
      expect(again.map((r) => [r.kind, r.status])).toEqual([[loser.kind, "DONE"]]);
      expect(await jobs()).toEqual({ a: "DONE", b: "DONE", broken: "FAILED" });
      expect((await t.db.$queryRawUnsafe<{ n: number }[]>(`SELECT n FROM "${table}" ORDER BY id`)).map((r) => r.n)).toEqual([2, 2]);
    } finally {
      delete handlers["test.cross-a"];
      delete handlers["test.cross-b"];
      delete handlers["test.broken"];
      await t.db.$executeRawUnsafe(`DROP TABLE "${table}"`);
    }
  });
  it("a job that cannot get a database transaction in time (every pooled connection busy) runs again later instead of ending FAILED", async () => {
    const { platform } = await t.createTestPlatform();
    const tries: string[] = [];
    const handlers = JOB_HANDLERS as Record<string, (ctx: JobContext) => Promise<void>>;
    handlers["test.needs-a-transaction"] = async ({ db }) => {
      try {
        await db.$transaction(async (tx) => {
          await tx.$executeRawUnsafe("SELECT 1");
        });
        tries.push("ran");
      } catch (e) {
        tries.push("no transaction");
        throw e;
      }
    };
    let pool: Awaited<ReturnType<typeof holdEveryPooledConnection>> | undefined;
    try {
      await scheduleJob(t.db, { platformId: platform.id, kind: "test.needs-a-transaction", payload: {} });
      const claimed = await claimDueJobs(t.db, { limit: 10, platformId: platform.id });
      pool = await holdEveryPooledConnection(t.db);
      const running = runJobs(t.db, claimed);
      while (tries.length === 0) await new Promise((r) => setTimeout(r, 100)); // Prisma's maxWait (2 s) runs out
      await pool.release();
      expect(await running).toMatchObject([{ status: "FAILED" }]);
      expect(tries).toEqual(["no transaction"]);
      const job = await t.db.job.findFirstOrThrow({ where: { platformId: platform.id } });
      expect(job.status).toBe("PENDING");

      await t.db.platform.update({ where: { id: platform.id }, data: { clockOffsetMs: 3_000n } });
      const again = await runJobs(t.db, await claimDueJobs(t.db, { limit: 10, platformId: platform.id }));
      expect(again.map((r) => r.status)).toEqual(["DONE"]);
      expect(tries).toEqual(["no transaction", "ran"]);
    } finally {
      await pool?.release();
      delete handlers["test.needs-a-transaction"];
    }
  });

  it("a job whose database connection breaks runs again later instead of ending FAILED (a refund must not stay undone for a failover)", async () => {
    const { platform } = await t.createTestPlatform();
    const tries: string[] = [];
    const handlers = JOB_HANDLERS as Record<string, (ctx: JobContext) => Promise<void>>;
    handlers["test.cut-off"] = async ({ db }) => {
      await db.$transaction(async (tx) => {
        const pid = (await tx.$queryRawUnsafe<{ pid: number }[]>(`SELECT pg_backend_pid() AS pid`))[0]!.pid;
        if (tries.push(tries.length === 0 ? "cut off" : "ran") === 1) await tx.$queryRawUnsafe(`SELECT pg_terminate_backend(${pid})`);
      });
    };
    try {
      await scheduleJob(t.db, { platformId: platform.id, kind: "test.cut-off", payload: {} });
      expect(await runJobs(t.db, await claimDueJobs(t.db, { limit: 10, platformId: platform.id }))).toMatchObject([{ status: "FAILED" }]);
      expect((await t.db.job.findFirstOrThrow({ where: { platformId: platform.id } })).status).toBe("PENDING");

      await t.db.platform.update({ where: { id: platform.id }, data: { clockOffsetMs: 3_000n } });
      const again = await runJobs(t.db, await claimDueJobs(t.db, { limit: 10, platformId: platform.id }));
      expect(again.map((r) => r.status)).toEqual(["DONE"]);
      expect(tries).toEqual(["cut off", "ran"]);
    } finally {
      delete handlers["test.cut-off"];
    }
  });

  it("a job the database keeps refusing runs again for as long as that lasts, with pauses that grow to a minute and no longer (an outage must not leave a refund FAILED)", async () => {
    const { platform } = await t.createTestPlatform();
    let runs = 0;
    const handlers = JOB_HANDLERS as Record<string, (ctx: JobContext) => Promise<void>>;
    // Refused as PostgreSQL refuses a deadlock's loser, on its first 40 runs.
    handlers["test.refused"] = async () => {
      if (++runs <= 40) throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
    };
    const pauses: number[] = [];
    try {
      await scheduleJob(t.db, { platformId: platform.id, kind: "test.refused", payload: {} });
      let offset = 0n;
      for (let run = 1; run <= 41; run++) {
        const claimed = await claimDueJobs(t.db, { limit: 10, platformId: platform.id });
        expect(claimed, `run ${run}`).toHaveLength(1);
        const [ran] = await runJobs(t.db, claimed);
        const job = await t.db.job.findFirstOrThrow({ where: { platformId: platform.id } });
        if (run <= 40) {
          expect([ran!.status, job.status], `run ${run}`).toEqual(["FAILED", "PENDING"]);
          // The platform's clock moves on to the job's next run.
          const platformNow = Date.now() + Number(offset);
          pauses.push(job.runAt.getTime() - platformNow);
          offset += BigInt(job.runAt.getTime() - platformNow + 1_000);
          await t.db.platform.update({ where: { id: platform.id }, data: { clockOffsetMs: offset } });
        } else expect([ran!.status, job.status]).toEqual(["DONE", "DONE"]);
      }
      expect(runs).toBe(41);
      // 2 s more after each run (give or take the test's own time), never more than a minute.
      expect(pauses[0]).toBeGreaterThan(1_000);
      expect(pauses[9]).toBeGreaterThan(19_000);
      expect(Math.max(...pauses)).toBeLessThanOrEqual(60_000);
      expect(pauses.at(-1)).toBeGreaterThan(59_000);
    } finally {
      delete handlers["test.refused"];
    }
  });
});
