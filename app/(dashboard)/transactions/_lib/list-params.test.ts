import { describe, expect, it } from "vitest";
import { TransactionListParamsSchema, apiQuery, filterQuery, transactionListHref } from "./list-params";

const CUSTOMER = "Customer:0b9d6c1e-5f0a-4c3e-9a7b-2d4e6f8a1b3c";

describe("transaction list parameters in the URL", () => {
  it("reads a Customer: id and hands it to the API as customerId", () => {
    const params = TransactionListParamsSchema.parse({ customerId: ` ${CUSTOMER} ` });
    expect(params.customerId).toBe(CUSTOMER);
    expect(apiQuery(params, 20)).toMatchObject({ customerId: CUSTOMER, limit: 20 });
  });

  it.each([
    ["a bare uuid", "0b9d6c1e-5f0a-4c3e-9a7b-2d4e6f8a1b3c"],
    ["a platform id", "Platform:0b9d6c1e-5f0a-4c3e-9a7b-2d4e6f8a1b3c"],
    ["a name", "Ada Lovelace"],
    ["an empty value", ""],
    ["a repeated parameter", [CUSTOMER, CUSTOMER]],
  ])("drops %s as customerId rather than have the API answer 400", (_, customerId) => {
    expect(TransactionListParamsSchema.parse({ customerId }).customerId).toBeUndefined();
  });

  it("sends the account filter as accountIdentifier", () => {
    const params = TransactionListParamsSchema.parse({ account: " InternalAccount:abc " });
    expect(apiQuery(params, 20).accountIdentifier).toBe("InternalAccount:abc");
  });

  it("sends the cursor it is given and no other", () => {
    const params = TransactionListParamsSchema.parse({ cursor: "from-the-url" });
    expect(apiQuery(params, 20).cursor).toBeUndefined();
    expect(apiQuery(params, 20, "c2")).toMatchObject({ cursor: "c2", limit: 20 });
  });

  it("sends the date range as whole UTC days, both ends included", () => {
    const params = TransactionListParamsSchema.parse({ from: "2025-01-02", to: "2025-01-31", status: "COMPLETED", type: "INCOMING" });
    expect(apiQuery(params, 20)).toMatchObject({ startDate: "2025-01-02T00:00:00.000Z", endDate: "2025-01-31T23:59:59.999Z", status: "COMPLETED", type: "INCOMING" });
  });

  it("keeps every filter and drops the position from the list links", () => {
    const params = TransactionListParamsSchema.parse({ customerId: CUSTOMER, account: "acct", status: "FAILED", type: "OUTGOING", from: "2025-01-01", to: "2025-01-02", q: "ref-1", cursor: "next", page: "3" });
    expect(filterQuery(params)).toEqual({ customerId: CUSTOMER, account: "acct", status: "FAILED", type: "OUTGOING", from: "2025-01-01", to: "2025-01-02", q: "ref-1" });
  });
});

describe("links to the Transactions list", () => {
  it("links a customer's transactions with the id encoded", () => {
    expect(transactionListHref({ customerId: CUSTOMER })).toBe(`/transactions?customerId=${encodeURIComponent(CUSTOMER)}`);
  });

  it("clearing one filter keeps the others and starts again at the first page", () => {
    const params = TransactionListParamsSchema.parse({ customerId: CUSTOMER, status: "COMPLETED", cursor: "next", page: "2" });
    const href = transactionListHref({ ...filterQuery(params), customerId: undefined });
    expect(href).toBe("/transactions?status=COMPLETED");
  });

  it("links the unfiltered list when no filter is left", () => {
    expect(transactionListHref({})).toBe("/transactions");
    expect(transactionListHref({ customerId: undefined, q: "" })).toBe("/transactions");
  });
});
