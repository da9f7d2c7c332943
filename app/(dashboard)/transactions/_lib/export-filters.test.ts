import { describe, expect, it } from "vitest";
import { exportFilters } from "./export-filters";

const read = (query: string) => exportFilters(new URL(`http://localhost/transactions/export.csv?${query}`));

describe("exportFilters", () => {
  it("reads the filters as the Transactions page does, ignoring the page's position", () => {
    expect(read("type=OUTGOING&status=FAILED&from=2026-11-01&to=2026-11-30&sortOrder=asc&account=%20InternalAccount%3Aabc%20&accountRole=sender&cursor=abc&page=3")).toEqual({
      ok: true,
      params: { type: "OUTGOING", status: "FAILED", from: "2026-11-01", to: "2026-11-30", sortOrder: "asc", account: "InternalAccount:abc", accountRole: "sender" },
    });
  });

  it("takes empty fields (a submitted form) and a role without an account as no filter", () => {
    expect(read("status=&type=&q=&accountRole=sender")).toMatchObject({ ok: true, params: { accountRole: undefined } });
  });

  it("refuses the page's own filter problems, in its words", () => {
    const result = read("from=2026-12-01&to=2026-11-01&type=CARD&status=COMPLETED");
    expect(result).toEqual({
      ok: false,
      problems: [
        "From (2026-12-01) is after To (2026-11-01), so no transaction can match. Swap the dates or change one of them.",
        "Status filters payments only: card transactions have their own statuses. Choose Any status to list card transactions, or another type.",
      ],
    });
  });

  it.each([
    ["an unknown status", "status=DONE", 'The status filter "DONE" is not one the list understands: correct or remove it.'],
    ["a date that is not yyyy-mm-dd", "from=28%2F11%2F2026", 'The from filter "28/11/2026" is not one the list understands: correct or remove it.'],
    ["a repeated parameter", "type=INCOMING&type=OUTGOING", 'The type filter ["INCOMING","OUTGOING"] is not one the list understands: correct or remove it.'],
    ["a malformed customer id", "customerId=ada", 'The customerId filter "ada" is not one the list understands: correct or remove it.'],
    ["an unknown account role", "account=InternalAccount%3Aabc&accountRole=both", 'The accountRole filter "both" is not one the list understands: correct or remove it.'],
  ])("refuses %s rather than export more than was asked", (_, query, problem) => {
    expect(read(query)).toEqual({ ok: false, problems: [problem] });
  });

  it("cuts a long value short in its message", () => {
    const result = read(`q=${"x".repeat(300)}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toBe(`The q filter "${"x".repeat(58)}… is not one the list understands: correct or remove it.`);
  });
});
