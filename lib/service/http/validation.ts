import type { z } from "zod";
import type { Context } from "hono";
import { invalidInput, type FieldError } from "./errors";

type Issue = z.core.$ZodIssue;

/**
 * zod issues → `details.errors[]`, each with a machine-readable constraint. `input` (what was sent)
 * tells a field that is missing from one with a wrong value where zod's issue does not (enums,
 * discriminators): a missing one is "is required", as for any other field.
 */
export function fieldErrorsFromIssues(issues: readonly Issue[], prefix?: string, input?: unknown): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of [...issues].sort((a, b) => Number(isSafeIntegerBound(a)) - Number(isSafeIntegerBound(b)))) {
    const path = issue.path.map(String).join(".");
    const field = prefix ? (path ? `${prefix}.${path}` : prefix) : path || "body";
    const error = describeIssue(issue, field, input === undefined ? undefined : { value: valueAt(input, issue.path) });
    // SPEC.md § Errors: one entry per invalid field (the first rule it broke).
    if (seen.has(error.field)) continue;
    seen.add(error.field);
    errors.push(error);
  }
  return errors;
}

/** zod's own ±2⁵³ bound on every int: a route's stated limit, when it has one, says more. */
function isSafeIntegerBound(issue: Issue): boolean {
  return (issue.code === "too_big" || issue.code === "too_small") && issue.origin === "int";
}

/** zod's type names in the words a person reads ("must be of type int" said nothing to someone who typed 1.5). */
const TYPE_WORDS: Record<string, string> = { int: "a whole number", bigint: "a whole number", number: "a number", string: "a string", boolean: "true or false", object: "an object", array: "an array" };

/** Money is a whole number of the currency's smallest unit (DESIGN.md "Money"): the fields that hold it say so. */
const MONEY_FIELD = /(^|\.)(amount|\w+Amount)$/;

/** Formats a person reads, with an example, instead of the pattern that checks them. */
const FORMAT_WORDS: Record<string, string> = {
  date: "must be a date YYYY-MM-DD, e.g. 1990-01-31",
  datetime: "must be an ISO 8601 date-time, e.g. 2026-11-28T18:00:00Z",
  time: "must be a time HH:MM:SS, e.g. 18:00:00",
};

function describeIssue(issue: Issue, field: string, sent?: { value: unknown }): FieldError {
  const isMissing = sent !== undefined && sent.value === undefined;
  switch (issue.code) {
    case "invalid_type": {
      const received = /received (\S+)$/.exec(issue.message)?.[1];
      if (received === "undefined") return { field, message: "is required", constraint: { required: true, type: issue.expected } };
      // JSON.parse reads a literal such as 1e400 as ±Infinity; the client did send a number.
      if (received === "Infinity" || received === "-Infinity")
        return { field, message: `is too ${received === "Infinity" ? "large" : "small"}: it must be a finite number`, constraint: { type: issue.expected } };
      if (issue.expected === "int" && MONEY_FIELD.test(field) && received === "number")
        return { field, message: "must be a whole number in the currency's smallest unit (e.g. cents: 1050 for 10.50 USD)", constraint: { type: issue.expected } };
      return { field, message: `must be ${TYPE_WORDS[issue.expected] ?? `of type ${issue.expected}`}`, constraint: { type: issue.expected } };
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string")
        return { field, message: min <= 1 ? "must not be empty" : `must be at least ${min} characters`, constraint: { minLength: min } };
      if (issue.origin === "array")
        return { field, message: `must have at least ${min} items`, constraint: { minItems: min } };
      return { field, message: `must be ${issue.inclusive === false ? "greater than" : "at least"} ${min}`, constraint: { minimum: min } };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string")
        return { field, message: `must be at most ${max} characters`, constraint: { maxLength: max } };
      if (issue.origin === "array")
        return { field, message: `must have at most ${max} items`, constraint: { maxItems: max } };
      return { field, message: `must be ${issue.inclusive === false ? "less than" : "at most"} ${max}`, constraint: { maximum: max } };
    }
    case "invalid_format": {
      const constraint: Record<string, unknown> = { format: issue.format };
      const words = issue.message.startsWith("Invalid") ? FORMAT_WORDS[issue.format] : undefined;
      // A date's pattern is a leap-year regex of some 300 characters: the format name says it all.
      if ("pattern" in issue && issue.pattern && !words) constraint.pattern = String(issue.pattern);
      return { field, message: words ?? (issue.message.startsWith("Invalid") ? `must be a valid ${issue.format}` : issue.message), constraint };
    }
    case "invalid_value": {
      const values = issue.values.map(String);
      if (isMissing) return { field, message: "is required", constraint: { required: true, enum: values } };
      return { field, message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`, constraint: { enum: values } };
    }
    case "invalid_union": {
      // An unknown or missing discriminator (sourceType, destinationType…): zod's "Invalid discriminator value" says less than an enum's answer.
      const options = "options" in issue && Array.isArray(issue.options) ? issue.options.map(String) : null;
      if (!options || !("discriminator" in issue)) return { field, message: issue.message, constraint: { rule: issue.code } };
      if (isMissing) return { field, message: "is required", constraint: { required: true, enum: options } };
      return { field, message: `must be one of ${options.map((v) => JSON.stringify(v)).join(", ")}`, constraint: { enum: options } };
    }
    case "unrecognized_keys":
      return { field: issue.keys.length === 1 ? join(field, issue.keys[0]!) : field, message: `unknown field(s): ${issue.keys.join(", ")}`, constraint: { additionalProperties: false } };
    case "not_multiple_of":
      return { field, message: `must be a multiple of ${String(issue.divisor)}`, constraint: { multipleOf: Number(issue.divisor) } };
    case "custom": {
      const constraint = (issue.params as { constraint?: Record<string, unknown> } | undefined)?.constraint;
      return { field, message: issue.message, constraint: constraint ?? { rule: "custom" } };
    }
    default:
      return { field, message: issue.message, constraint: { rule: issue.code } };
  }
}

/** The value sent at a zod issue's path (undefined when absent). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function join(a: string, b: string) {
  return a === "body" ? b : `${a}.${b}`;
}

/** The defaultHook of every route: a failed zod parse becomes 400 INVALID_INPUT. */
export function validationHook(
  result: { success: true } | { success: false; error: z.ZodError; target?: string; data?: unknown },
  _c: Context,
): void {
  if (result.success) return;
  const target = result.target === "query" ? "query" : result.target === "param" ? "path" : undefined;
  throw invalidInput(fieldErrorsFromIssues(result.error.issues, target, result.data ?? {}));
}
