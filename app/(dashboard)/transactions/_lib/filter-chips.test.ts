import { describe, expect, it } from "vitest";
import { filterChips } from "./filter-chips";
import { TransactionListParamsSchema, filterQuery } from "./list-params";

const CUSTOMER = "Customer:0b9d6c1e-5f0a-4c3e-9a7b-2d4e6f8a1b3c";
const chipsOf = (search: Record<string, string>, customerLabel?: string) => filterChips(filterQuery(TransactionListParamsSchema.parse(search)), customerLabel);

describe("active filter chips on the Transactions list", () => {
  it("shows none without a filter, and none for the order alone", () => {
    expect(chipsOf({})).toEqual([]);
    expect(chipsOf({ sortOrder: "asc", cursor: "c2", page: "2" })).toEqual([]);
  });

  it.each([
    [undefined, "Account"],
    ["sender", "Sent from"],
    ["receiver", "Received by"],
  ])("names the account by its role %s: %s", (accountRole, label) => {
    const [chip] = chipsOf({ account: "InternalAccount:abc", ...(accountRole && { accountRole }) });
    expect(chip).toMatchObject({ key: "account", testId: "account-filter", label, value: "InternalAccount:abc", noun: "account" });
  });

  it("clears the account and its role together, keeps the other filters and the order, and starts at the first page", () => {
    const [, account] = chipsOf({ customerId: CUSTOMER, account: "acct", accountRole: "sender", sortOrder: "asc", cursor: "c3", page: "3", prev: "c2" });
    expect(account?.clearHref).toBe(`/transactions?customerId=${encodeURIComponent(CUSTOMER)}&sortOrder=asc`);
  });

  it("shows the platform's customer id and clears only it", () => {
    const chips = chipsOf({ platformCustomerId: "ada-1", status: "COMPLETED" });
    expect(chips.map((c) => [c.testId, c.label, c.value])).toEqual([
      ["customer-id-filter", "Your customer ID", "ada-1"],
      ["status-filter", "Status", "COMPLETED"],
    ]);
    expect(chips[0]?.clearHref).toBe("/transactions?status=COMPLETED");
  });

  it("names the customer by its label, or its id when it could not be loaded", () => {
    expect(chipsOf({ customerId: CUSTOMER }, "Ada Lovelace (ada-1)")[0]).toMatchObject({ testId: "customer-filter", label: "Customer", value: "Ada Lovelace (ada-1)", clearHref: "/transactions" });
    expect(chipsOf({ customerId: CUSTOMER })[0]?.value).toBe(CUSTOMER);
  });

  it("shows every filter in the form's order", () => {
    const chips = chipsOf({ to: "2025-01-31", from: "2025-01-01", type: "INCOMING", status: "FAILED", account: "acct", q: "ref-1", platformCustomerId: "ada-1", customerId: CUSTOMER });
    expect(chips.map((c) => c.key)).toEqual(["customerId", "platformCustomerId", "q", "account", "status", "type", "from", "to"]);
  });
});
