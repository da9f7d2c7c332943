import { describe, expect, it } from "vitest";
import { csvField, csvHeader, csvRecord, csvText, parseCsv, type CsvColumn } from "./csv";

describe("csvField (RFC 4180)", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rlf", '"cr\rlf"'],
    ["", ""],
  ])("writes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe("csvText: spreadsheet formula injection", () => {
  it.each([
    ["=HYPERLINK(\"https://evil.example\",\"click\")", `"'=HYPERLINK(""https://evil.example"",""click"")"`],
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", `"'\r=1"`],
  ])("puts an apostrophe before %j", (value, expected) => {
    expect(csvText(value)).toBe(expected);
  });

  it.each(["Coffee = good", "a-b", "Transaction:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", "$alice@uma.example", "'quoted"])("leaves %j as it is", (value) => {
    expect(csvText(value)).toBe(value);
  });
});

describe("csvHeader and csvRecord", () => {
  const columns: CsvColumn<{ memo: string; amount: string }>[] = [
    { header: "memo", value: (row) => row.memo },
    { header: "amount", numeric: true, value: (row) => row.amount },
    { header: "missing", value: () => undefined },
  ];

  it("ends every record in CRLF and writes a missing cell as empty", () => {
    expect(csvHeader(columns)).toBe("memo,amount,missing\r\n");
    expect(csvRecord(columns, { memo: "lunch, team", amount: "12.50" })).toBe('"lunch, team",12.50,\r\n');
  });

  it("guards text cells but never a numeric cell: a negative amount stays a number", () => {
    expect(csvRecord(columns, { memo: "-12.50", amount: "-12.50" })).toBe("'-12.50,-12.50,\r\n");
  });

  it("reads back what it writes, quotes, commas and line breaks included, and refuses a file cut off midway", () => {
    const file = csvHeader(columns) + csvRecord(columns, { memo: 'say "hi",\r\nthen go', amount: "1" });
    expect(parseCsv(file)).toEqual([["memo", "amount", "missing"], ['say "hi",\r\nthen go', "1", ""]]);
    expect(() => parseCsv(file.slice(0, -2))).toThrow(/complete record/);
  });
});
