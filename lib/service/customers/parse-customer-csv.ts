import { invalidInput, type FieldError } from "../http/errors";

/** Upload limits of POST /customers/bulk/csv. */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;

/** Required in the header (BEHAVIORS.md §9.7). */
export const CSV_REQUIRED_COLUMNS = ["umaAddress", "platformCustomerId", "customerType"] as const;

/**
 * Every column a file may have: the documented ones (BEHAVIORS.md §9.7), then our additions for
 * fields the API takes that the documented set lacks (a BRL/MXN/INR business needs its
 * incorporation date, for example).
 */
export const CSV_COLUMNS = [
  ...CSV_REQUIRED_COLUMNS,
  "fullName", "birthDate", "addressLine1", "addressLine2", "city", "state", "postalCode", "country",
  "businessLegalName", "businessRegistrationNumber", "businessTaxId", "email", "platformAccountId", "description",
  // additions
  "phoneNumber", "nationality", "region", "currencies", "businessCountry", "businessIncorporatedOn",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CsvRow = Partial<Record<CsvColumn, string>>;

/**
 * Checks and parses an uploaded customer file: UTF-8 CSV (RFC 4180 quoting, comma separated, an
 * optional BOM), a header naming only known columns and all required ones, then 1 to 10,000 rows
 * of the header's width. Throws: INVALID_INPUT listing each problem under `file…`.
 */
export function parseCustomerCsv(bytes: Uint8Array): CsvRow[] {
  if (bytes.byteLength > CSV_MAX_BYTES) throw fileError("file", `is larger than ${CSV_MAX_BYTES} bytes`, { maxBytes: CSV_MAX_BYTES });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw fileError("file", "is not a UTF-8 text file", { format: "csv", encoding: "utf-8" });
  }
  if (text.includes("\u0000")) throw fileError("file", "is not a CSV file (binary content)", { format: "csv" });
  const records = parseRecords(text.replace(/^\uFEFF/, ""));
  const [header, ...rows] = records;
  if (!header || header.every((cell) => cell.trim() === "")) throw fileError("file", "is empty: the first line must be a header of column names", { format: "csv" });

  const columns = header.map((cell) => cell.trim());
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const column of columns) {
    if (!(CSV_COLUMNS as readonly string[]).includes(column))
      errors.push({ field: `file.header.${column || "(empty)"}`, message: "is not a known column", constraint: { enum: [...CSV_COLUMNS] } });
    else if (seen.has(column)) errors.push({ field: `file.header.${column}`, message: "appears twice", constraint: { uniqueItems: true } });
    seen.add(column);
  }
  for (const column of CSV_REQUIRED_COLUMNS)
    if (!seen.has(column)) errors.push({ field: `file.header.${column}`, message: "required column is missing (is the first line a header?)", constraint: { required: true } });
  if (errors.length > 0) throw invalidInput(errors);

  if (rows.length === 0) throw fileError("file", "has a header but no customer rows", { minItems: 1 });
  if (rows.length > CSV_MAX_ROWS) throw fileError("file", `has ${rows.length} rows; at most ${CSV_MAX_ROWS} are allowed`, { maxItems: CSV_MAX_ROWS });
  const widthErrors = rows.flatMap((cells, i) =>
    cells.length === columns.length
      ? []
      : [{ field: `file.rows.${i + 1}`, message: `has ${cells.length} fields; the header has ${columns.length}`, constraint: { minItems: columns.length, maxItems: columns.length } }],
  );
  if (widthErrors.length > 0) throw invalidInput(widthErrors.slice(0, 20));

  return rows.map((cells) => {
    const row: CsvRow = {};
    columns.forEach((column, i) => {
      const value = cells[i]!.trim();
      if (value !== "") row[column as CsvColumn] = value;
    });
    return row;
  });
}

/** RFC 4180 records; blank lines are skipped. Throws on a quote that is never closed or stray text after one. */
function parseRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  let line = 1;
  const endRecord = () => {
    if (!(record.length === 1 && record[0] === "")) records.push(record);
    record = [];
  };
  while (i <= text.length) {
    let cell = "";
    if (text[i] === '"') {
      const startLine = line;
      i++;
      for (;;) {
        if (i >= text.length) throw fileError("file", `is not valid CSV: the quote opened on line ${startLine} is never closed`, { format: "csv" });
        const ch = text[i]!;
        if (ch === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (ch === '"') {
          i++;
          break;
        } else {
          if (ch === "\n") line++;
          cell += ch;
          i++;
        }
      }
      const next = text[i];
      if (next !== undefined && next !== "," && next !== "\n" && next !== "\r")
        throw fileError("file", `is not valid CSV: unexpected text after a closing quote on line ${line}`, { format: "csv" });
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") {
        if (text[i] === '"') throw fileError("file", `is not valid CSV: a quote inside an unquoted field on line ${line}`, { format: "csv" });
        cell += text[i];
        i++;
      }
    }
    record.push(cell);
    const sep = text[i];
    if (sep === ",") {
      i++;
      continue;
    }
    if (sep === "\r") i++;
    if (text[i] === "\n") i++;
    line++;
    endRecord();
    if (sep === undefined) break;
  }
  return records;
}

function fileError(field: string, message: string, constraint: Record<string, unknown>) {
  return invalidInput([{ field, message, constraint }]);
}
