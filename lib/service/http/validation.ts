import type { z } from "zod";
import type { Context } from "hono";
import { invalidInput, type FieldError } from "./errors";

type Issue = z.core.$ZodIssue;

/** zod issues → `details.errors[]`, each with a machine-readable constraint. */
export function fieldErrorsFromIssues(issues: readonly Issue[], prefix?: string): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of [...issues].sort((a, b) => Number(isSafeIntegerBound(a)) - Number(isSafeIntegerBound(b)))) {
    const path = issue.path.map(String).join(".");
    const field = prefix ? (path ? `${prefix}.${path}` : prefix) : path || "body";
    const error = describeIssue(issue, field);
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

function describeIssue(issue: Issue, field: string): FieldError {
  switch (issue.code) {
    case "invalid_type": {
      const received = /received (\S+)$/.exec(issue.message)?.[1];
      if (received === "undefined") return { field, message: "is required", constraint: { required: true, type: issue.expected } };
      // JSON.parse reads a literal such as 1e400 as ±Infinity; the client did send a number.
      if (received === "Infinity" || received === "-Infinity")
        return { field, message: `is too ${received === "Infinity" ? "large" : "small"}: it must be a finite number`, constraint: { type: issue.expected } };
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
      if ("pattern" in issue && issue.pattern) constraint.pattern = String(issue.pattern);
      return { field, message: issue.message.startsWith("Invalid") ? `must be a valid ${issue.format}` : issue.message, constraint };
    }
    case "invalid_value":
      return {
        field,
        message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`,
        constraint: { enum: issue.values.map(String) },
      };
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

function join(a: string, b: string) {
  return a === "body" ? b : `${a}.${b}`;
}

/** The defaultHook of every route: a failed zod parse becomes 400 INVALID_INPUT. */
export function validationHook(
  result: { success: true } | { success: false; error: z.ZodError; target?: string },
  _c: Context,
): void {
  if (result.success) return;
  const target = result.target === "query" ? "query" : result.target === "param" ? "path" : undefined;
  throw invalidInput(fieldErrorsFromIssues(result.error.issues, target));
}
