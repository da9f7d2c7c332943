import { z } from "@hono/zod-openapi";

/**
 * The date and date-time inputs of every operation (request bodies and query filters), so that one
 * rule holds everywhere: a value zod's ISO format accepts but PostgreSQL cannot hold is a 400
 * INVALID_INPUT naming the field, never a 500 from the database. PostgreSQL has no year 0 (ISO
 * 8601's 0000 is its 1 BC), and an offset can carry 9999-12-31 into year 10000, which our
 * serializers write as +010000: so an instant must fall in years 0001–9999 once in UTC.
 */
const EARLIEST = "0001-01-01T00:00:00.000Z";
const LATEST = "9999-12-31T23:59:59.999Z";
const EARLIEST_MS = Date.parse(EARLIEST);
const LATEST_MS = Date.parse(LATEST);

/** An ISO 8601 date-time with `Z` or an offset, from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z. */
export const DateTimeInputSchema = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const at = Date.parse(value);
    return Number.isNaN(at) || (at >= EARLIEST_MS && at <= LATEST_MS);
  },
  { error: `must be between ${EARLIEST} and ${LATEST} (UTC)`, params: { constraint: { format: "date-time", minimum: EARLIEST, maximum: LATEST } } },
);

/** A calendar date YYYY-MM-DD from 0001-01-01 (zod's format checks the day of the month). */
export const DateInputSchema = z.iso.date().refine((value) => !value.startsWith("0000"), {
  error: "must be a date from 0001-01-01 on",
  params: { constraint: { format: "date", minimum: "0001-01-01" } },
});

/**
 * An optional date-time filter of a list. Times are kept to the millisecond, so a bound with finer
 * precision (more than 3 fractional digits that are not all zeros) is refused rather than cut to
 * the millisecond, which would move an inclusive or exclusive bound past a stored time (a startDate
 * of …59.850999Z would include a row of …59.850Z).
 */
export function dateTimeFilterSchema(description: string) {
  return DateTimeInputSchema.refine((value) => !/\.\d{3}\d*[1-9]/.test(value), {
    error: "must have at most millisecond precision (3 fractional digits, e.g. 2026-11-28T18:00:00.123Z): times are kept to the millisecond",
    params: { constraint: { format: "date-time", maxFractionDigits: 3 } },
  })
    .optional()
    .openapi({ description: `${description} ISO 8601 with \`Z\` or an offset, at most millisecond precision, years 0001–9999.` });
}
