import { describe, expect, it } from "vitest";
import { TransactionListParamsSchema, apiQuery, filterProblems, filterQuery, isFiltered, transactionListHref } from "./list-params";

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

  it.each([
    ["sender", { senderAccountIdentifier: "InternalAccount:abc" }],
    ["receiver", { receiverAccountIdentifier: "InternalAccount:abc" }],
    ["", { accountIdentifier: "InternalAccount:abc" }],
    ["both", { accountIdentifier: "InternalAccount:abc" }],
    [["sender", "receiver"], { accountIdentifier: "InternalAccount:abc" }],
  ])("sends the account with role %j as the API's %j and no other account filter", (accountRole, expected) => {
    const query = apiQuery(TransactionListParamsSchema.parse({ account: "InternalAccount:abc", accountRole }), 20);
    const accountFilters = Object.fromEntries(Object.entries(query).filter(([key]) => key.endsWith("ccountIdentifier")));
    expect(accountFilters).toEqual(expected);
  });

  it("drops an account role without an account, so it neither reaches the API nor counts as a filter", () => {
    const params = TransactionListParamsSchema.parse({ accountRole: "sender", account: "  " });
    expect(params.accountRole).toBeUndefined();
    expect(apiQuery(params, 20)).not.toHaveProperty("senderAccountIdentifier");
    expect(isFiltered(filterQuery(params))).toBe(false);
  });

  it("sends the platform's own customer id as platformCustomerId, trimmed", () => {
    const params = TransactionListParamsSchema.parse({ platformCustomerId: " ada-1 " });
    expect(apiQuery(params, 20)).toMatchObject({ platformCustomerId: "ada-1" });
  });

  it.each([
    ["an empty value", ""],
    ["a value over 255 characters", "x".repeat(256)],
    ["a repeated parameter", ["ada-1", "ada-2"]],
  ])("drops %s as platformCustomerId", (_, platformCustomerId) => {
    expect(apiQuery(TransactionListParamsSchema.parse({ platformCustomerId }), 20).platformCustomerId).toBeUndefined();
  });

  it("sends the order as sortOrder and leaves the API's default (newest first) when none or an unknown one is asked", () => {
    expect(apiQuery(TransactionListParamsSchema.parse({ sortOrder: "asc" }), 20).sortOrder).toBe("asc");
    expect(apiQuery(TransactionListParamsSchema.parse({ sortOrder: "desc" }), 20).sortOrder).toBe("desc");
    for (const sortOrder of [undefined, "", "ASC", "oldest", ["asc", "desc"]]) expect(apiQuery(TransactionListParamsSchema.parse({ sortOrder }), 20).sortOrder).toBeUndefined();
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

  it("keeps every filter and the order, and drops the position from the list links", () => {
    const params = TransactionListParamsSchema.parse({
      customerId: CUSTOMER,
      platformCustomerId: "ada-1",
      account: "acct",
      accountRole: "receiver",
      status: "FAILED",
      type: "OUTGOING",
      from: "2025-01-01",
      to: "2025-01-02",
      q: "ref-1",
      sortOrder: "asc",
      cursor: "next",
      page: "3",
      prev: "c2",
    });
    expect(filterQuery(params)).toStrictEqual({
      customerId: CUSTOMER,
      platformCustomerId: "ada-1",
      account: "acct",
      accountRole: "receiver",
      status: "FAILED",
      type: "OUTGOING",
      from: "2025-01-01",
      to: "2025-01-02",
      q: "ref-1",
      sortOrder: "asc",
    });
  });

  it("counts every filter but not the order as narrowing the list", () => {
    expect(isFiltered({ sortOrder: "asc" })).toBe(false);
    expect(isFiltered({ sortOrder: "asc", platformCustomerId: "ada-1" })).toBe(true);
    expect(isFiltered({ account: "acct", accountRole: "sender" })).toBe(true);
    expect(isFiltered({ customerId: undefined, q: "" })).toBe(false);
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

  it("keeps the order and the account's role in the links, and never the position", () => {
    const params = TransactionListParamsSchema.parse({ account: "InternalAccount:abc", accountRole: "sender", sortOrder: "asc", cursor: "c3", page: "3", prev: "c2" });
    expect(transactionListHref(filterQuery(params))).toBe("/transactions?account=InternalAccount%3Aabc&accountRole=sender&sortOrder=asc");
  });

  it("links the unfiltered list when no filter is left", () => {
    expect(transactionListHref({})).toBe("/transactions");
    expect(transactionListHref({ customerId: undefined, q: "" })).toBe("/transactions");
  });
});

describe("filters that cannot match", () => {
  it("passes CARD on as the API's type", () => {
    expect(apiQuery(TransactionListParamsSchema.parse({ type: "CARD" }), 20).type).toBe("CARD");
  });

  it("says From is after To, naming both dates", () => {
    expect(filterProblems(TransactionListParamsSchema.parse({ from: "2026-12-01", to: "2026-11-01" }))).toEqual([
      { fields: ["from", "to"], message: "From (2026-12-01) is after To (2026-11-01), so no transaction can match. Swap the dates or change one of them." },
    ]);
  });

  it.each([
    [{ from: "2026-11-01", to: "2026-11-01" }],
    [{ from: "2026-11-01", to: "2026-12-01" }],
    [{ from: "2026-12-01" }],
    [{ to: "2026-11-01" }],
    [{ status: "FAILED", type: "OUTGOING" }],
    [{ type: "CARD" }],
  ])("finds nothing wrong with %j", (filters) => {
    expect(filterProblems(TransactionListParamsSchema.parse(filters))).toEqual([]);
  });

  it("refuses a status with type CARD, as the API would with a 400", () => {
    const [problem] = filterProblems(TransactionListParamsSchema.parse({ status: "COMPLETED", type: "CARD" }));
    expect(problem?.fields).toEqual(["status", "type"]);
    expect(problem?.message).toContain("Status filters payments only");
  });
});
