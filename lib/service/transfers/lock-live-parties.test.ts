import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { quotesFixture } from "../quotes/quote-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { lockLiveParties } from "./lock-live-parties";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uuidOf = (id: string) => id.slice(id.indexOf(":") + 1);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

describe("lockLiveParties", () => {
  it("finds the customers to lock by their key, not by reading every customer of the platform (it did with ORs, 12 ms of 20,000)", async () => {
    const f = await quotesFixture(t);
    const external = await f.external();
    // A platform of 5,000 customers (copies of the fixture's, under new ids), as the planner sees it.
    await t.db.$executeRaw`
      INSERT INTO "Customer"
      SELECT (jsonb_populate_record(NULL::"Customer", to_jsonb(c) || jsonb_build_object('id', gen_random_uuid(), 'platformCustomerId', 'copy-' || n, 'activePlatformCustomerId', NULL, 'activeUmaAddress', NULL))).*
      FROM "Customer" c, generate_series(1, 5000) n WHERE c."id" = ${uuidOf(f.customerId)}::uuid`;
    await t.db.$executeRawUnsafe(`ANALYZE "Customer"`);
    const customerScans: PlanNode[] = [];
    await t.db.$transaction(async (tx) => {
      const explaining: SqlTx = {
        ...tx,
        async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
          const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
          const [explained] = await tx.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(`EXPLAIN (FORMAT JSON) ${sql.text}`, ...sql.values);
          customerScans.push(...nodes(explained!["QUERY PLAN"][0].Plan).filter((node) => node["Relation Name"] === "Customer"));
          return tx.$queryRaw<T>(sql);
        },
      };
      await lockLiveParties(explaining, f.platformId, { customerIds: [uuidOf(f.customerId)], internalAccountIds: [uuidOf(f.accountId)], externalAccountId: uuidOf(external) });
    });
    expect(customerScans.length).toBeGreaterThan(0);
    expect(customerScans.map((node) => [node["Node Type"], node["Index Name"]])).toEqual(customerScans.map(() => ["Index Scan", "Customer_pkey"]));
  }, 120_000);
});
