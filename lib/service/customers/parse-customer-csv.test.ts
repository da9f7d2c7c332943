import { describe, expect, it } from "vitest";
import { isServiceError, type FieldError } from "../http/errors";
import { CSV_MAX_BYTES, CSV_MAX_ROWS, parseCustomerCsv } from "./parse-customer-csv";

const HEADER = "umaAddress,platformCustomerId,customerType,fullName";
const bytes = (text: string) => new TextEncoder().encode(text);

function errorsOf(input: Uint8Array): FieldError[] {
  try {
    parseCustomerCsv(input);
  } catch (e) {
    if (isServiceError(e) && e.code === "INVALID_INPUT") return e.details!.errors as FieldError[];
    throw e;
  }
  throw new Error("expected INVALID_INPUT");
}

describe("parseCustomerCsv", () => {
  it("reads RFC 4180 quoting: commas, doubled quotes and line breaks inside quotes, CRLF, a BOM", () => {
    const text = `\uFEFF${HEADER}\r\n"$a@x.example","id-1",INDIVIDUAL,"Doe, ""Jo""\nJr"\r\n$b@x.example,id-2,BUSINESS,\r\n`;
    expect(parseCustomerCsv(bytes(text))).toEqual([
      { umaAddress: "$a@x.example", platformCustomerId: "id-1", customerType: "INDIVIDUAL", fullName: 'Doe, "Jo"\nJr' },
      { umaAddress: "$b@x.example", platformCustomerId: "id-2", customerType: "BUSINESS" },
    ]);
  });

  it("trims cells, drops empty ones and skips blank lines", () => {
    expect(parseCustomerCsv(bytes(`${HEADER}\n\n $a@x.example , id-1 ,INDIVIDUAL,  \n\n`))).toEqual([
      { umaAddress: "$a@x.example", platformCustomerId: "id-1", customerType: "INDIVIDUAL" },
    ]);
  });

  it.each([
    ["an empty file", "", "file"],
    ["a header without rows", `${HEADER}\n`, "file"],
    ["an unclosed quote", `${HEADER}\n"$a@x.example,id,INDIVIDUAL,x\n`, "file"],
    ["text after a closing quote", `${HEADER}\n"$a"x,id,INDIVIDUAL,x\n`, "file"],
    ["a row wider than the header", `${HEADER}\n$a@x.example,id,INDIVIDUAL,x,extra\n`, "file.rows.1"],
    ["a row narrower than the header", `${HEADER}\n$a@x.example,id\n`, "file.rows.1"],
  ])("refuses %s", (_name, text, field) => {
    expect(errorsOf(bytes(text)).map((e) => e.field)).toEqual([field]);
  });

  it("names every unknown, repeated or missing column of the header", () => {
    const errors = errorsOf(bytes("umaAddress,nickname,umaAddress,fullName\n$a@x.example,n,$a@x.example,x\n"));
    expect(errors.map((e) => e.field)).toEqual(["file.header.nickname", "file.header.umaAddress", "file.header.platformCustomerId", "file.header.customerType"]);
    expect(errors[0]!.constraint.enum).toContain("businessTaxId");
  });

  it("refuses a file whose first line is data rather than a header", () => {
    const errors = errorsOf(bytes("$a@x.example,id-1,INDIVIDUAL\n$b@x.example,id-2,INDIVIDUAL\n"));
    expect(errors.some((e) => e.field === "file.header.customerType" && e.constraint.required === true)).toBe(true);
  });

  it("refuses binary content and invalid UTF-8", () => {
    expect(errorsOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))[0]).toMatchObject({ field: "file", constraint: { format: "csv" } });
    expect(errorsOf(bytes(`${HEADER}\n$a@x.example,id,INDIVIDUAL,x\u0000\n`))[0]!.field).toBe("file");
  });

  it(`refuses more than ${CSV_MAX_ROWS} rows`, () => {
    const row = "$a@x.example,id,INDIVIDUAL,x\n";
    expect(parseCustomerCsv(bytes(HEADER + "\n" + row.repeat(CSV_MAX_ROWS)))).toHaveLength(CSV_MAX_ROWS);
    expect(errorsOf(bytes(HEADER + "\n" + row.repeat(CSV_MAX_ROWS + 1)))).toEqual([
      expect.objectContaining({ field: "file", constraint: { maxItems: CSV_MAX_ROWS } }),
    ]);
  });

  it("refuses more than 5 MB", () => {
    const big = new Uint8Array(CSV_MAX_BYTES + 1).fill(0x61);
    expect(errorsOf(big)).toEqual([expect.objectContaining({ field: "file", constraint: { maxBytes: CSV_MAX_BYTES } })]);
  });
});
