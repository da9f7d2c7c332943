/**
 * CSV downloads (RFC 4180): fields joined by commas, records ending in CRLF, a field quoted when it
 * holds a comma, a quote or a line break, with inner quotes doubled.
 */

/** RFC 4180: quote a field that holds a comma, quote or line break; double inner quotes. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** What a spreadsheet may run as a formula when a cell starts with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell (an id, a name, a memo, a merchant's descriptor): one a spreadsheet would read as a
 * formula gets a leading apostrophe, so it shows as the text it is. Not for amounts: "-12.50" is a
 * number and must stay one (see CsvColumn.numeric).
 */
export function csvText(value: string): string {
  return csvField(FORMULA_START.test(value) ? `'${value}` : value);
}

export interface CsvColumn<T> {
  header: string;
  /** An amount or a rate, written as it is (our own digits, never free text); every other cell is guarded text. */
  numeric?: boolean;
  /** The cell; undefined or null: empty. */
  value: (row: T) => string | null | undefined;
}

/** The header record, CRLF included. */
export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return `${columns.map((column) => csvField(column.header)).join(",")}\r\n`;
}

/** One record, CRLF included. */
export function csvRecord<T>(columns: readonly CsvColumn<T>[], row: T): string {
  const cells = columns.map((column) => {
    const value = column.value(row) ?? "";
    return column.numeric ? csvField(value) : csvText(value);
  });
  return `${cells.join(",")}\r\n`;
}

/**
 * The records of a whole CSV file as written here (RFC 4180: quoted fields may hold commas, quotes
 * and line breaks; records end in CRLF). Throws when the file does not end with a complete record,
 * as a download cut off midway would not. For reading exports back (tests).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      record.push(field);
      field = "";
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      records.push([...record, field]);
      record = [];
      field = "";
      i += 1;
    } else {
      field += c;
    }
  }
  if (field !== "" || record.length > 0 || quoted) throw new Error("The CSV does not end with a complete record (CRLF)");
  return records;
}
