import { describe, expect, it } from "vitest";
import type { components } from "@/lib/client/generated/schema";
import { customerLabel, customerMatches, parseCustomerQuery, searchSummary, toCustomerOption, type CustomerOption } from "./customer-search";

type Customer = components["schemas"]["CustomerOneOf"];

const common = { umaAddress: "$ada@example.com", currencies: ["USD"], agreementConsents: [], isDeleted: false, createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2025-01-01T00:00:00.000Z" };
const ada = { ...common, id: "Customer:0199-ada", platformCustomerId: "ada-1", customerType: "INDIVIDUAL", kycStatus: "APPROVED", fullName: "Ada Lovelace", email: "ada@example.com" } as Customer;
const acme = { ...common, id: "Customer:0199-acme", platformCustomerId: "acme", umaAddress: "$acme@example.com", customerType: "BUSINESS", kybStatus: "PENDING", businessInfo: { legalName: "Acme Widgets Ltd" } } as Customer;
const unnamed = { ...common, id: "Customer:0199-x", platformCustomerId: "x-42", customerType: "INDIVIDUAL", kycStatus: "UNVERIFIED" } as Customer;

describe("reading the customer search box", () => {
  it.each([
    ["", { kind: "newest" }],
    ["   ", { kind: "newest" }],
    [" Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10 ", { kind: "id", customerId: "Customer:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10" }],
    ["$ada@example.com", { kind: "uma", umaAddress: "$ada@example.com" }],
    ["lovel", { kind: "text", text: "lovel" }],
    // Part of a Customer: id is text to match, not an id to open (it would be a page that does not exist).
    ["Customer:019a0c6e", { kind: "text", text: "Customer:019a0c6e" }],
  ])("reads %j as %j", (raw, query) => {
    expect(parseCustomerQuery(raw)).toEqual(query);
  });
});

describe("customer options", () => {
  it("names individuals and businesses, with their verification status", () => {
    expect(toCustomerOption(ada)).toMatchObject({ name: "Ada Lovelace", verificationStatus: "APPROVED", customerType: "INDIVIDUAL" });
    expect(toCustomerOption(acme)).toMatchObject({ name: "Acme Widgets Ltd", verificationStatus: "PENDING", customerType: "BUSINESS" });
    expect(customerLabel(toCustomerOption(ada))).toBe("Ada Lovelace (ada-1)");
    expect(customerLabel(toCustomerOption(unnamed))).toBe("x-42");
  });

  it.each([
    ["LOVE", ada, true],
    ["ada-", ada, true],
    ["example.com", ada, true],
    ["0199-ada", ada, true],
    ["widgets", acme, true],
    ["lovelace", acme, false],
    ["x-4", unnamed, true],
  ])("matches %j in %s: %s", (text, customer, expected) => {
    expect(customerMatches(customer as Customer, text)).toBe(expected);
  });
});

describe("the line under the options", () => {
  const options = (n: number): CustomerOption[] => Array.from({ length: n }, () => toCustomerOption(ada));

  it("says when nothing matches, and when older customers were not read for a partial match", () => {
    expect(searchSummary(parseCustomerQuery("zed"), { customers: [], hasMore: false })).toBe("No customers match “zed”.");
    expect(searchSummary(parseCustomerQuery("zed"), { customers: [], hasMore: false, searchedNewest: 1000 })).toMatch(
      /^No customers match “zed”\. Only the newest 1,000 customers are searched by part of a name or id; type the exact customer ID/,
    );
    expect(searchSummary(parseCustomerQuery("Customer:nope"), { customers: [], hasMore: false })).toBe("No customers match “Customer:nope”.");
  });

  it("counts matches, and asks for more text when there are more than it shows", () => {
    expect(searchSummary(parseCustomerQuery("ada"), { customers: options(1), hasMore: false })).toBe("1 customer matches.");
    expect(searchSummary(parseCustomerQuery("ada"), { customers: options(3), hasMore: false })).toBe("3 customers match.");
    expect(searchSummary(parseCustomerQuery("a"), { customers: options(10), hasMore: true })).toBe("The first 10 matches; type more to narrow them.");
  });

  it("offers the newest customers before anything is typed", () => {
    expect(searchSummary({ kind: "newest" }, { customers: [], hasMore: false })).toBe("No customers yet.");
    expect(searchSummary({ kind: "newest" }, { customers: options(10), hasMore: true })).toMatch(/^The newest customers\. Type a name/);
    expect(searchSummary({ kind: "newest" }, { customers: options(2), hasMore: false })).toBe("2 customers.");
  });
});
