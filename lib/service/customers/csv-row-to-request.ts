import type { FieldError } from "../http/errors";
import type { CsvColumn, CsvRow } from "./parse-customer-csv";

/** Cells every row of a type must fill (BEHAVIORS.md §9.7); the three required columns for all. */
const REQUIRED_CELLS: Record<string, CsvColumn[]> = {
  ALL: ["umaAddress", "platformCustomerId", "customerType"],
  INDIVIDUAL: ["fullName", "birthDate", "addressLine1", "city", "state", "postalCode", "country"],
  BUSINESS: ["businessLegalName", "addressLine1", "city", "state", "postalCode", "country"],
};

/** API field paths → the column they came from, so a row's errors name what the file calls them. */
const COLUMN_OF_FIELD: Record<string, CsvColumn> = {
  "address.line1": "addressLine1",
  "address.line2": "addressLine2",
  "address.city": "city",
  "address.state": "state",
  "address.postalCode": "postalCode",
  "address.country": "country",
  "businessInfo.legalName": "businessLegalName",
  "businessInfo.registrationNumber": "businessRegistrationNumber",
  "businessInfo.taxId": "businessTaxId",
  "businessInfo.country": "businessCountry",
  "businessInfo.incorporatedOn": "businessIncorporatedOn",
};

/**
 * One CSV row as a POST /customers body, plus the cells the file format requires that are empty.
 * `platformAccountId` and `description` are accepted and not stored (no customer field holds them).
 */
export function csvRowToRequest(row: CsvRow): { request: Record<string, unknown>; missing: FieldError[] } {
  const type = row.customerType?.toUpperCase();
  const required = [...REQUIRED_CELLS.ALL!, ...(type ? (REQUIRED_CELLS[type] ?? []) : [])];
  const missing = required.filter((column) => row[column] === undefined).map((column) => ({ field: column, message: "is required", constraint: { required: true } }));

  const address = row.addressLine1 || row.postalCode || row.country
    ? { line1: row.addressLine1, line2: row.addressLine2, city: row.city, state: row.state, postalCode: row.postalCode, country: row.country }
    : undefined;
  const request: Record<string, unknown> = {
    customerType: type,
    platformCustomerId: row.platformCustomerId,
    umaAddress: row.umaAddress,
    email: row.email,
    phoneNumber: row.phoneNumber,
    region: row.region,
    currencies: row.currencies?.split(/[;\s|]+/).filter(Boolean),
    address,
  };
  if (type === "BUSINESS")
    request.businessInfo = {
      legalName: row.businessLegalName,
      country: row.businessCountry ?? row.country,
      registrationNumber: row.businessRegistrationNumber,
      taxId: row.businessTaxId,
      incorporatedOn: row.businessIncorporatedOn,
    };
  else Object.assign(request, { fullName: row.fullName, birthDate: row.birthDate, nationality: row.nationality });
  return { request: dropUndefined(request), missing };
}

/** Renames API field paths in a row's errors to the file's column names. */
export function toCsvFieldErrors(errors: FieldError[]): FieldError[] {
  return errors.map((e) => {
    const column = Object.hasOwn(COLUMN_OF_FIELD, e.field) ? COLUMN_OF_FIELD[e.field] : e.field.startsWith("currencies.") ? "currencies" : undefined;
    return column ? { ...e, field: column } : e;
  });
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    out[key] = typeof v === "object" && v !== null && !Array.isArray(v) ? dropUndefined(v as Record<string, unknown>) : v;
  }
  return out;
}
