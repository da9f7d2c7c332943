import { describe, expect, it } from "vitest";
import { CustomerListParamsSchema, listFilters, listQuery, searchOf } from "./list-params";

const parse = (query: Record<string, string>) => CustomerListParamsSchema.parse(query);

describe("the customers list's search box", () => {
  it("reads a name or part of an id as text to match, never as an exact platformCustomerId filter", () => {
    expect(searchOf(parse({ q: " Alice " }))).toEqual({ kind: "text", text: "Alice" });
    expect(listQuery(parse({ q: "Alice" }))).not.toHaveProperty("platformCustomerId");
    expect(searchOf(parse({ q: "Customer:01a2" }))).toEqual({ kind: "text", text: "Customer:01a2" });
  });

  it("opens a whole Customer: id and sends a $UMA address to the API", () => {
    expect(searchOf(parse({ q: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }))).toEqual({ kind: "id", customerId: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" });
    expect(listQuery(parse({ q: "$ada@example.com" })).umaAddress).toBe("$ada@example.com");
  });

  it("keeps the other filters for a text search, the whole of the last day included", () => {
    expect(listFilters(parse({ q: "ali", customerType: "INDIVIDUAL", currency: "USD", createdFrom: "2025-01-01", createdTo: "2025-01-31", deleted: "1" }))).toEqual({
      customerType: "INDIVIDUAL",
      currency: "USD",
      createdAfter: "2025-01-01T00:00:00.000Z",
      createdBefore: "2025-02-01T00:00:00.000Z",
      isIncludingDeleted: true,
    });
  });
});
