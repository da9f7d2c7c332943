import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase } from "@/lib/db/fresh-database";
import { openDatabase, type Database } from "@/lib/db/open-database";
import { buildApi } from "../http/app";
import { bootstrapIfEmpty } from "./bootstrap";
import { verifyStaffLogin } from "../staff/verify-staff-login";

// The embedded default: a fresh PGlite directory, exactly what `npm start` meets on a new machine.
let database: Database;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bootstrap-"));
  database = await openDatabase({ url: "", pgliteDir: dir });
}, 60_000);
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("first start", () => {
  it("creates a platform, an admin who can sign in (with the password they chose, so not a temporary one) and a working all-permission token, once", async () => {
    const env = { BOOTSTRAP_ADMIN_EMAIL: "Ops@Example.com", BOOTSTRAP_ADMIN_PASSWORD: "pw-123456", BOOTSTRAP_API_CLIENT_ID: "fixed-client", BOOTSTRAP_API_CLIENT_SECRET: "fixed-secret" };
    const result = await bootstrapIfEmpty(database.prisma, env);
    expect(result).toEqual({ platformId: expect.any(String), adminEmail: "Ops@Example.com", adminPassword: "pw-123456", clientId: "fixed-client", clientSecret: "fixed-secret" });

    const staff = await verifyStaffLogin(database.prisma, "ops@example.com", "pw-123456");
    expect(staff).toMatchObject({ role: "ADMIN", platformName: "Sandbox Platform", hasTemporaryPassword: false });
    expect(await verifyStaffLogin(database.prisma, "ops@example.com", "wrong")).toBeNull();

    const api = buildApi({ getDb: async () => database.prisma, internalKey: "k" });
    const res = await api.request("/api/2025-10-13/tokens", { headers: { authorization: `Basic ${Buffer.from("fixed-client:fixed-secret").toString("base64")}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data[0].permissions).toEqual(["VIEW", "TRANSACT", "MANAGE"]);

    expect(await bootstrapIfEmpty(database.prisma, env)).toBeNull();
    expect(await database.prisma.platform.count()).toBe(1);
  });

  it("makes up a password and credentials when none are given; the printed password is temporary, to be replaced at first sign-in", async () => {
    await database.prisma.platform.deleteMany();
    const result = await bootstrapIfEmpty(database.prisma, {});
    expect(result?.adminEmail).toBe("admin@example.com");
    expect(result?.adminPassword.length).toBeGreaterThanOrEqual(12);
    expect(result?.clientSecret.length).toBeGreaterThanOrEqual(40);
    expect(await verifyStaffLogin(database.prisma, "admin@example.com", result!.adminPassword)).toMatchObject({ role: "ADMIN", hasTemporaryPassword: true });
  });
});

describe("first start of several servers at once", () => {
  it("two servers starting together on an empty PostgreSQL database bootstrap one platform: one prints credentials, the other finds it", async () => {
    const fresh = await createFreshDatabase(`bootstrap_${process.pid}_${Date.now()}`);
    const servers: Database[] = [];
    try {
      servers.push(await openDatabase({ url: fresh.url }), await openDatabase({ url: fresh.url }));
      const results = await Promise.all(servers.map((s) => bootstrapIfEmpty(s.prisma, {})));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await servers[0]!.prisma.platform.count()).toBe(1);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await fresh.drop();
    }
  }, 60_000);
});
