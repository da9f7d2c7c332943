import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase, type Database } from "@/lib/db/open-database";
import { uuidv7 } from "../http/ids";
import { createPlatform } from "../platforms/create-platform";
import { consumeOidcToken } from "../wallet-auth/consume-oidc-token";
import { SWEEPS, sweepStaleRows } from "./sweep-stale-rows";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ url: inject("databaseUrl") });
});
afterAll(async () => database.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (ms: number) => new Date(new Date(ms).toISOString().slice(0, 10));

describe("sweepStaleRows", () => {
  it("deletes expired idempotency keys, daily volume of days before yesterday and week-old finished jobs, each on the platform's own clock, and staff password throttles (per email and per address) that are over, and nothing else", async () => {
    const db = database.prisma;
    const here = await createPlatform(db, { name: `Sweep ${Math.random()}` });
    // A platform whose sandbox clock runs three days ahead: its "today" is three days later.
    const ahead = await createPlatform(db, { name: `Sweep ahead ${Math.random()}` });
    await db.platform.update({ where: { id: ahead.id }, data: { clockOffsetMs: 3 * DAY_MS } });
    const wall = Date.now();
    const payerId = uuidv7();

    const key = (platformId: string, name: string, expiresAt: number) =>
      db.idempotencyKey.create({ data: { platformId, method: "POST", path: "/transfer-out", key: name, fingerprint: "f", expiresAt: new Date(expiresAt) } });
    await key(here.id, "expired", wall - 60_000);
    await key(here.id, "live", wall + 60 * 60_000);
    await key(ahead.id, "expired-on-its-clock", wall + DAY_MS);
    await key(ahead.id, "live-on-its-clock", wall + 4 * DAY_MS);
    // More expired keys than one statement deletes, on a third platform: later statements still reach every platform's.
    const busy = await createPlatform(db, { name: `Sweep busy ${Math.random()}` });
    await db.$executeRaw`INSERT INTO "IdempotencyKey" ("platformId", "method", "path", "key", "fingerprint", "expiresAt")
      SELECT ${busy.id}::uuid, 'POST', '/transfer-out', 'expired-' || i, 'f', ${new Date(wall - 60_000)}::timestamptz FROM generate_series(1, 5001) i`;

    const volume = async (platformId: string, day: Date) => {
      await db.dailyVolume.create({ data: { platformId, payerId, day, currency: "USD", amount: 1n } });
      await db.dailyVolumeChange.create({ data: { id: uuidv7(), platformId, payerId, day, currency: "USD", amount: 1n } });
    };
    await volume(here.id, utcDay(wall));
    await volume(here.id, utcDay(wall - DAY_MS));
    await volume(here.id, utcDay(wall - 2 * DAY_MS));
    await volume(ahead.id, utcDay(wall)); // two days before its clock's yesterday

    const job = (status: "DONE" | "FAILED" | "PENDING", runAt: number) =>
      db.job.create({ data: { id: uuidv7(), platformId: here.id, kind: "sweep.test", payload: {}, status, runAt: new Date(runAt), createdAt: new Date(runAt), updatedAt: new Date(runAt) } });
    const oldDone = await job("DONE", wall - 8 * DAY_MS);
    const recentDone = await job("DONE", wall - DAY_MS);
    const oldFailed = await job("FAILED", wall - 8 * DAY_MS);
    const oldPending = await job("PENDING", wall - 8 * DAY_MS);

    // Staff password throttles: kept while their window or lockout runs.
    const minute = 60_000;
    const throttle = (name: string, windowStartedAt: number, lockedUntil: number | null) =>
      db.staffSignInThrottle.create({ data: { email: `${name}-${payerId}@example.com`, failures: 5, windowStartedAt: new Date(windowStartedAt), lockedUntil: lockedUntil === null ? null : new Date(lockedUntil) } });
    await throttle("window-over", wall - 16 * minute, null);
    await throttle("lockout-over", wall - 20 * minute, wall - minute);
    await throttle("window-runs", wall - 10 * minute, null);
    await throttle("lockout-runs", wall - 20 * minute, wall + 10 * minute);
    // Per address: documentation addresses (RFC 5737) with this run's payer id, so reruns never meet.
    const ipOf = (n: number) => `198.51.100.${n}/${payerId}`;
    const ipThrottle = (n: number, windowStartedAt: number, lockedUntil: number | null) =>
      db.staffSignInIpThrottle.create({ data: { ip: ipOf(n), failures: 20, windowStartedAt: new Date(windowStartedAt), lockedUntil: lockedUntil === null ? null : new Date(lockedUntil) } });
    await ipThrottle(1, wall - 16 * minute, null); // window over
    await ipThrottle(2, wall - 20 * minute, wall - minute); // lockout over
    await ipThrottle(3, wall - 10 * minute, null); // window runs
    await ipThrottle(4, wall - 20 * minute, wall + 10 * minute); // lockout runs

    const deleted = await sweepStaleRows(db);
    expect(deleted.idempotencyKeys).toBeGreaterThanOrEqual(5003);
    expect(deleted.doneJobs).toBeGreaterThanOrEqual(1);
    expect(deleted.staffSignInThrottles).toBeGreaterThanOrEqual(2);
    expect(deleted.staffSignInIpThrottles).toBeGreaterThanOrEqual(2);

    const platforms = [here.id, ahead.id, busy.id];
    expect((await db.idempotencyKey.findMany({ where: { platformId: { in: platforms } } })).map((k) => k.key).sort()).toEqual(["live", "live-on-its-clock"]);
    const days = async (platformId: string) => ({
      totals: (await db.dailyVolume.findMany({ where: { platformId }, orderBy: { day: "asc" } })).map((v) => v.day.toISOString().slice(0, 10)),
      changes: (await db.dailyVolumeChange.findMany({ where: { platformId }, orderBy: { day: "asc" } })).map((v) => v.day.toISOString().slice(0, 10)),
    });
    const kept = [utcDay(wall - DAY_MS), utcDay(wall)].map((d) => d.toISOString().slice(0, 10));
    expect(await days(here.id)).toEqual({ totals: kept, changes: kept });
    expect(await days(ahead.id)).toEqual({ totals: [], changes: [] });
    const jobs = await db.job.findMany({ where: { platformId: here.id, kind: "sweep.test" }, select: { id: true } });
    expect(jobs.map((j) => j.id).sort()).toEqual([recentDone.id, oldFailed.id, oldPending.id].sort());
    expect(jobs.map((j) => j.id)).not.toContain(oldDone.id);
    const throttles = await db.staffSignInThrottle.findMany({ where: { email: { endsWith: `-${payerId}@example.com` } }, orderBy: { email: "asc" } });
    expect(throttles.map((row) => row.email.replace(`-${payerId}@example.com`, ""))).toEqual(["lockout-runs", "window-runs"]);
    const ipThrottles = await db.staffSignInIpThrottle.findMany({ where: { ip: { endsWith: `/${payerId}` } }, orderBy: { ip: "asc" } });
    expect(ipThrottles.map((row) => row.ip)).toEqual([ipOf(3), ipOf(4)]);
  });

  it("deletes expired one-use rows (wallet OTP challenges, OIDC token uses, signed requests, sessions, SCA challenges, KYC links, device codes, ownership challenges) once past their grace on the platform's clock, and keeps the rest", async () => {
    const db = database.prisma;
    const here = await createPlatform(db, { name: `Sweep expiring ${Math.random()}` });
    // A platform whose sandbox clock runs 31 days ahead: what expires an hour from now on the wall clock is past every grace there.
    const ahead = await createPlatform(db, { name: `Sweep expiring ahead ${Math.random()}` });
    await db.platform.update({ where: { id: ahead.id }, data: { clockOffsetMs: 31 * DAY_MS } });
    const wall = Date.now();
    const minute = 60_000;

    const rows: Record<string, (platformId: string, expiresAt: Date) => Promise<string>> = {
      WalletOtpChallenge: async (platformId, expiresAt) =>
        (await db.walletOtpChallenge.create({ data: { id: uuidv7(), platformId, authMethodId: uuidv7(), targetPrivateKeyHex: "00", targetPublicKeyHex: "00", expiresAt, createdAt: new Date(wall) } })).id,
      WalletOidcTokenUse: async (platformId, expiresAt) => {
        const claimsHash = uuidv7();
        await db.walletOidcTokenUse.create({ data: { platformId, claimsHash, expiresAt, createdAt: new Date(wall) } });
        return claimsHash;
      },
      WalletSignedRequest: async (platformId, expiresAt) =>
        (await db.walletSignedRequest.create({ data: { id: uuidv7(), platformId, internalAccountId: uuidv7(), operation: "OTP_VERIFY", requestFingerprint: "f", payloadToSign: "p", expiresAt, usedAt: new Date(wall), createdAt: new Date(wall) } })).id,
      WalletAuthSession: async (platformId, expiresAt) =>
        (await db.walletAuthSession.create({ data: { id: uuidv7(), platformId, internalAccountId: uuidv7(), authMethodId: uuidv7(), publicKeyHex: "02", expiresAt, createdAt: new Date(wall), updatedAt: new Date(wall) } })).id,
      ScaChallenge: async (platformId, expiresAt) =>
        (await db.scaChallenge.create({ data: { id: uuidv7(), platformId, customerId: uuidv7(), purpose: "LOGIN", factor: "SMS_OTP", status: "COMPLETED", expiresAt, createdAt: new Date(wall), updatedAt: new Date(wall) } })).id,
      KycLink: async (platformId, expiresAt) => (await db.kycLink.create({ data: { id: uuidv7(), platformId, customerId: uuidv7(), token: uuidv7(), expiresAt, createdAt: new Date(wall) } })).id,
      AgentDeviceCode: async (platformId, expiresAt) => {
        const agent = await db.agent.create({ data: { id: uuidv7(), platformId, customerId: uuidv7(), name: "a", policy: {}, createdAt: new Date(wall), updatedAt: new Date(wall) } });
        return (await db.agentDeviceCode.create({ data: { code: uuidv7(), platformId, agentId: agent.id, expiresAt, createdAt: new Date(wall) } })).code;
      },
      ExternalAccountOwnershipChallenge: async (platformId, expiresAt) => {
        const account = await db.externalAccount.create({
          data: { id: uuidv7(), platformId, currency: "USDC", accountType: "SOLANA_WALLET", accountInfo: {}, status: "UNVERIFIED", fingerprint: uuidv7(), createdAt: new Date(wall), updatedAt: new Date(wall) },
        });
        return (await db.externalAccountOwnershipChallenge.create({ data: { id: uuidv7(), platformId, externalAccountId: account.id, method: "WALLET_SIGNATURE", expiresAt, createdAt: new Date(wall) } })).id;
      },
    };
    const grace: Record<string, number> = { WalletOtpChallenge: 10 * minute, WalletOidcTokenUse: 0 };
    const graceOf = (table: string) => grace[table] ?? 30 * DAY_MS;
    const remaining: Record<string, () => Promise<string[]>> = {
      WalletOtpChallenge: async () => (await db.walletOtpChallenge.findMany({ where: { platformId: { in: [here.id, ahead.id] } } })).map((r) => r.id),
      WalletOidcTokenUse: async () => (await db.walletOidcTokenUse.findMany({ where: { platformId: { in: [here.id, ahead.id] } } })).map((r) => r.claimsHash),
      WalletSignedRequest: async () => (await db.walletSignedRequest.findMany({ where: { platformId: { in: [here.id, ahead.id] } } })).map((r) => r.id),
      WalletAuthSession: async () => (await db.walletAuthSession.findMany({ where: { platformId: { in: [here.id, ahead.id] } } })).map((r) => r.id),
      ScaChallenge: async () => (await db.scaChallenge.findMany({ where: { platformId: { in: [here.id, ahead.id] } } })).map((r) => r.id),
      KycLink: async () => (await db.kycLink.findMany({ where: { platformId: { in: [here.id, ahead.id] } } })).map((r) => r.id),
      AgentDeviceCode: async () => (await db.agentDeviceCode.findMany({ where: { platformId: { in: [here.id, ahead.id] } } })).map((r) => r.code),
      ExternalAccountOwnershipChallenge: async () =>
        (await db.externalAccountOwnershipChallenge.findMany({ where: { platformId: { in: [here.id, ahead.id] } } })).map((r) => r.id),
    };

    const expected: Record<string, { kept: string[]; gone: string[] }> = {};
    for (const [table, create] of Object.entries(rows)) {
      const past = graceOf(table);
      expected[table] = {
        gone: [await create(here.id, new Date(wall - past - minute)), await create(ahead.id, new Date(wall + 60 * minute))],
        // Still valid, or expired but within the grace (the API still explains it).
        kept: [await create(here.id, new Date(wall + minute)), ...(past > 0 ? [await create(here.id, new Date(wall - past + minute))] : [])],
      };
    }

    await sweepStaleRows(db);
    for (const table of Object.keys(rows)) expect({ table, left: (await remaining[table]!()).sort() }).toEqual({ table, left: expected[table]!.kept.sort() });

    // The replay protection of a kept row still holds: a token used once is refused again.
    const token = { claimsHash: expected.WalletOidcTokenUse!.kept[0]!, exp: Math.floor((wall + minute) / 1000) };
    await expect(db.$transaction((tx) => consumeOidcToken(tx, { platformId: here.id, token, at: new Date(wall) }))).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("deletes receiver lookups 30 days after their creation on the platform's clock, and keeps younger ones", async () => {
    const db = database.prisma;
    const here = await createPlatform(db, { name: `Sweep lookups ${Math.random()}` });
    // A platform whose sandbox clock runs 31 days ahead: a lookup made at this wall-clock instant is 31 days old there.
    const ahead = await createPlatform(db, { name: `Sweep lookups ahead ${Math.random()}` });
    await db.platform.update({ where: { id: ahead.id }, data: { clockOffsetMs: 31 * DAY_MS } });
    const wall = Date.now();
    const lookup = async (platformId: string, name: string, createdAt: number) => {
      await db.receiverLookup.create({ data: { id: uuidv7(), platformId, kind: "UMA", receiverUmaAddress: `$${name}@sandbox.uma.money`, response: {}, createdAt: new Date(createdAt) } });
    };
    await lookup(here.id, "old", wall - 31 * DAY_MS);
    await lookup(here.id, "young", wall - 29 * DAY_MS);
    await lookup(here.id, "new", wall);
    await lookup(ahead.id, "old-on-its-clock", wall);
    await lookup(ahead.id, "young-on-its-clock", wall + 2 * DAY_MS);

    const deleted = await sweepStaleRows(db);
    expect(deleted.receiverLookups).toBeGreaterThanOrEqual(2);
    const left = await db.receiverLookup.findMany({ where: { platformId: { in: [here.id, ahead.id] } } });
    expect(left.map((row) => row.receiverUmaAddress).sort()).toEqual(["$new@sandbox.uma.money", "$young-on-its-clock@sandbox.uma.money", "$young@sandbox.uma.money"]);
  });

  it("deletes finished jobs a week after they finished on the wall clock, whatever their platform's clock or how late they ran", async () => {
    const db = database.prisma;
    const here = await createPlatform(db, { name: `Sweep jobs ${Math.random()}` });
    // A platform whose sandbox clock runs 30 days ahead: its jobs' runAt lie a month past the wall clock.
    const ahead = await createPlatform(db, { name: `Sweep jobs ahead ${Math.random()}` });
    await db.platform.update({ where: { id: ahead.id }, data: { clockOffsetMs: 30 * DAY_MS } });
    const wall = Date.now();
    // runAt on the platform's clock; finishedAt on the wall clock (the worker's UPDATE … "updatedAt" = now()).
    const done = async (platformId: string, runAt: number, finishedAt: number) =>
      (await db.job.create({ data: { id: uuidv7(), platformId, kind: "sweep.clock", payload: {}, status: "DONE", runAt: new Date(runAt), createdAt: new Date(runAt), updatedAt: new Date(finishedAt) } })).id;
    const aheadOld = await done(ahead.id, wall + 22 * DAY_MS, wall - 8 * DAY_MS); // finished 8 days ago, a day before its runAt's wall-clock date
    const aheadRecent = await done(ahead.id, wall + 29 * DAY_MS, wall - DAY_MS);
    // Due 8 days ago but run only now (the worker was stopped): its week starts now.
    const ranLate = await done(here.id, wall - 8 * DAY_MS, wall);
    const hereOld = await done(here.id, wall - 8 * DAY_MS, wall - 8 * DAY_MS);

    await sweepStaleRows(db);
    const left = await db.job.findMany({ where: { kind: "sweep.clock", platformId: { in: [here.id, ahead.id] } }, select: { id: true } });
    expect(left.map((j) => j.id).sort()).toEqual([aheadRecent, ranLate].sort());
    expect(left.map((j) => j.id)).not.toContain(aheadOld);
    expect(left.map((j) => j.id)).not.toContain(hereOld);
  });

  it("reads only staff sign-in throttles that are over, through an index on their window's start: 100,000 running ones are never scanned whole (EXPLAIN)", async () => {
    const db = database.prisma;
    const run = uuidv7();
    const rows = 100_000;
    const tables = {
      StaffSignInThrottle: { sweep: "staffSignInThrottles", key: "email", value: `'plan-' || i || '-${run}@example.com'` },
      StaffSignInIpThrottle: { sweep: "staffSignInIpThrottles", key: "ip", value: `'203.0.113.' || i || '/${run}'` },
    } as const;
    type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
    const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
    const found: { table: string; seqScans: number; indexes: string[] }[] = [];
    try {
      for (const [table, { sweep, key, value }] of Object.entries(tables)) {
        // Windows running now, none locked: rows the sweep must not touch, nor read.
        await db.$executeRawUnsafe(`INSERT INTO "${table}" ("${key}", "failures", "windowStartedAt") SELECT ${value}, 1, now() FROM generate_series(1, ${rows}) i`);
        await db.$executeRawUnsafe(`ANALYZE "${table}"`);
        const [explained] = await db.$queryRawUnsafe<{ "QUERY PLAN": { Plan: PlanNode }[] }[]>(`EXPLAIN (FORMAT JSON) ${SWEEPS[sweep]}`);
        const nodes = flatten(explained!["QUERY PLAN"][0]!.Plan);
        const indexes = [...new Set(nodes.map((n) => n["Index Name"]).filter((name) => name !== undefined))];
        const leading: string[] = [];
        for (const name of indexes) {
          const [row] = await db.$queryRaw<{ column: string }[]>`
            SELECT a.attname::text AS "column" FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] WHERE c.relname = ${name}`;
          if (row) leading.push(row.column);
        }
        found.push({ table, seqScans: nodes.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === table).length, indexes: leading });
      }
    } finally {
      await db.staffSignInThrottle.deleteMany({ where: { email: { endsWith: `-${run}@example.com` } } });
      await db.staffSignInIpThrottle.deleteMany({ where: { ip: { endsWith: `/${run}` } } });
    }
    expect(found).toEqual(Object.keys(tables).map((table) => ({ table, seqScans: 0, indexes: ["windowStartedAt"] })));
  });

  it("reads only stale rows, through an index that holds them as one range (per platform on the platform's clock): a table full of live rows is never scanned whole (EXPLAIN)", async () => {
    const db = database.prisma;
    const live = await createPlatform(db, { name: `Sweep plan ${Math.random()}` });
    const rows = 20_000;
    // Each table: its sweep, the leading columns of the index that must hold its stale rows as one
    // range (per platform where the sweep is on the platform's clock), and rows of `live` that are all still live.
    const tables: Record<string, { sweep: keyof typeof SWEEPS; index: string[]; fill: string }> = {
      IdempotencyKey: {
        sweep: "idempotencyKeys",
        index: ["platformId", "expiresAt"],
        fill: `INSERT INTO "IdempotencyKey" ("platformId", "method", "path", "key", "fingerprint", "expiresAt") SELECT $1::uuid, 'POST', '/transfer-out', 'live-' || i, 'f', now() + interval '1 day' FROM generate_series(1, ${rows}) i`,
      },
      DailyVolume: {
        sweep: "dailyVolumes",
        index: ["platformId", "day"],
        fill: `INSERT INTO "DailyVolume" ("platformId", "payerId", "day", "currency", "amount") SELECT $1::uuid, gen_random_uuid(), current_date, 'USD', 1 FROM generate_series(1, ${rows})`,
      },
      // Only changes no later payment of their payer folded stay here: the payer's index will do,
      // where a (platformId, day) one would cost every payment a write.
      DailyVolumeChange: {
        sweep: "dailyVolumeChanges",
        index: ["platformId", "payerId"],
        fill: `INSERT INTO "DailyVolumeChange" ("id", "platformId", "payerId", "day", "currency", "amount") SELECT gen_random_uuid(), $1::uuid, gen_random_uuid(), current_date, 'USD', 1 FROM generate_series(1, ${rows})`,
      },
      ReceiverLookup: {
        sweep: "receiverLookups",
        index: ["platformId", "createdAt"],
        fill: `INSERT INTO "ReceiverLookup" ("id", "platformId", "kind", "response", "createdAt") SELECT gen_random_uuid(), $1::uuid, 'UMA', '{}', now() FROM generate_series(1, ${rows})`,
      },
      // Finished today: kept a week. The index holds finished jobs only (partial), by when they finished.
      Job: {
        sweep: "doneJobs",
        index: ["updatedAt"],
        fill: `INSERT INTO "Job" ("id", "platformId", "kind", "payload", "status", "runAt", "createdAt", "updatedAt") SELECT gen_random_uuid(), $1::uuid, 'sweep.plan', '{}', 'DONE', now(), now(), now() FROM generate_series(1, ${rows})`,
      },
    };
    type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };
    const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
    const found: { table: string; seqScans: number; leading: string[][] }[] = [];
    try {
      for (const [table, { sweep, fill }] of Object.entries(tables)) {
        await db.$executeRawUnsafe(fill, live.id);
        await db.$executeRawUnsafe(`ANALYZE "${table}"`);
        const statement: string | undefined = SWEEPS[sweep];
        if (statement === undefined) {
          found.push({ table, seqScans: -1, leading: [] }); // not swept at all
          continue;
        }
        const [explained] = await db.$queryRawUnsafe<{ "QUERY PLAN": { Plan: PlanNode }[] }[]>(`EXPLAIN (FORMAT JSON) ${statement}`);
        const nodes = flatten(explained!["QUERY PLAN"][0]!.Plan);
        const seqScans = nodes.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === table).length;
        // Every index it reads the table by: its leading columns, which must make each platform's expired rows one range.
        const indexes = [...new Set(nodes.map((n) => n["Index Name"]).filter((name) => name !== undefined))];
        const leading: string[][] = [];
        for (const name of indexes) {
          const [row] = await db.$queryRaw<{ table: string; columns: string[] }[]>`
            SELECT t.relname AS "table", array_agg(a.attname::text ORDER BY k.ord) AS "columns"
            FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class c ON c.oid = i.indexrelid
            CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY k(attnum, ord) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
            WHERE c.relname = ${name} AND k.ord <= 2 GROUP BY t.relname`;
          if (row?.table === table) leading.push(row.columns);
        }
        found.push({ table, seqScans, leading });
      }
    } finally {
      for (const table of Object.keys(tables)) await db.$executeRawUnsafe(`DELETE FROM "${table}" WHERE "platformId" = $1::uuid`, live.id);
    }
    expect(found).toEqual(Object.entries(tables).map(([table, { index }]) => ({ table, seqScans: 0, leading: [index] })));
  });
});
