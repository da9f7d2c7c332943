import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { now } from "../sandbox/clock";
import { claimDueJobs } from "./run-jobs";
import { scheduleJob } from "./schedule-job";

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
