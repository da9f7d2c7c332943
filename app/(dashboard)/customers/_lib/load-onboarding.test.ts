import { describe, expect, it } from "vitest";
import type { ServiceClient } from "@/lib/client/create-client";
import type { components } from "@/lib/client/generated/schema";
import { loadOnboarding, MAX_ONBOARDING_ITEMS } from "./load-onboarding";

type Customer = components["schemas"]["CustomerOneOf"];

interface Query {
  customerId?: string;
  documentHolder?: string;
  limit: number;
  cursor?: string;
}

/**
 * A stand-in for the service's GET: each list served `limit` at a time, newest first, cursor = the
 * next offset, as the API pages. `lists` maps "path holder" to how many items it holds.
 */
function fakeClient(lists: Record<string, number>, failing: string[] = []) {
  const GET = async (path: string, { params: { query } }: { params: { query: Query } }) => {
    const key = `${path} ${query.customerId ?? query.documentHolder}`;
    if (failing.includes(key)) return { error: { status: 500, code: "INTERNAL_ERROR", message: `${path} failed` }, response: new Response(null, { status: 500 }) };
    const count = lists[key] ?? 0;
    const offset = query.cursor ? Number(query.cursor) : 0;
    const data = Array.from({ length: Math.max(0, Math.min(query.limit, count - offset)) }, (_, i) => item(path, query, offset + i));
    const hasMore = offset + query.limit < count;
    return { data: { data, hasMore, ...(hasMore && { nextCursor: String(offset + query.limit) }) }, response: new Response(null, { status: 200 }) };
  };
  return { GET } as unknown as ServiceClient;
}

function item(path: string, query: Query, n: number) {
  const holder = query.customerId ?? query.documentHolder!;
  if (path === "/beneficial-owners") return { id: `BeneficialOwner:${n}`, personalInfo: { firstName: "Owner", lastName: String(n) } };
  if (path === "/documents") return { id: `Document:${holder}:${n}`, documentHolder: holder, documentType: "PASSPORT", createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() };
  return { id: `Verification:${n}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 1000 - n)).toISOString() };
}

const individual = { id: "Customer:1", customerType: "INDIVIDUAL" } as Customer;
const business = { id: "Customer:2", customerType: "BUSINESS" } as Customer;

describe("loadOnboarding", () => {
  it("reads every page of the verification history and documents, not only the first 100", async () => {
    const onboarding = await loadOnboarding(fakeClient({ "/verifications Customer:1": 150, "/documents Customer:1": 230 }), individual);
    expect(onboarding.verifications).toHaveLength(150);
    expect(new Set(onboarding.verifications.map((v) => v.id)).size).toBe(150);
    expect(onboarding.documents).toHaveLength(230);
    expect(onboarding).toMatchObject({ problems: [], cut: [] });
  });

  it("reads every owner past the first page, and each owner's documents after the business's own", async () => {
    const lists = { "/beneficial-owners Customer:2": 101, "/documents Customer:2": 2, "/documents BeneficialOwner:100": 120 };
    const onboarding = await loadOnboarding(fakeClient(lists), business);
    expect(onboarding.owners).toHaveLength(101);
    expect(onboarding.documents).toHaveLength(122);
    expect(onboarding.documents.slice(0, 2).map((d) => d.documentHolder)).toEqual(["Customer:2", "Customer:2"]);
    expect(onboarding.cut).toEqual([]);
  });

  it(`stops at ${MAX_ONBOARDING_ITEMS} of a list and names the lists cut short`, async () => {
    const lists = { "/verifications Customer:2": MAX_ONBOARDING_ITEMS + 1, "/beneficial-owners Customer:2": 1, "/documents BeneficialOwner:0": MAX_ONBOARDING_ITEMS + 50 };
    const onboarding = await loadOnboarding(fakeClient(lists), business);
    expect(onboarding.verifications).toHaveLength(MAX_ONBOARDING_ITEMS);
    expect(onboarding.documents).toHaveLength(MAX_ONBOARDING_ITEMS);
    expect(onboarding.cut).toEqual(["verification history", "documents"]);
  });

  it("says which list failed, keeps the others, and does not call a failed list cut short", async () => {
    const onboarding = await loadOnboarding(fakeClient({ "/verifications Customer:1": 3 }, ["/documents Customer:1"]), individual);
    expect(onboarding.verifications).toHaveLength(3);
    expect(onboarding.documents).toEqual([]);
    expect(onboarding.problems).toEqual(["documents: /documents failed"]);
    expect(onboarding.cut).toEqual([]);
  });
});
