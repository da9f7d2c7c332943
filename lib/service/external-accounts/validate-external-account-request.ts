import type { z } from "zod";
import { invalidInput, type FieldError } from "../http/errors";
import { fieldErrorsFromIssues, validationHook } from "../http/validation";
import { externalAccountRuleErrors, record } from "./external-account-rules";

type Issue = z.core.$ZodIssue;

/**
 * Every invalid field of a create body at once: zod's per-field errors, with an unknown or missing
 * discriminator (accountType, beneficiaryType) named like any other field, plus the cross-field
 * rules (SPEC.md § Errors: `details.errors[]` lists every invalid field).
 */
export function externalAccountRequestErrors(raw: unknown, issues: readonly Issue[]): FieldError[] {
  const mapped = issues.flatMap((issue): Issue[] => {
    if (issue.code === "unrecognized_keys" && issue.keys.length > 1) return issue.keys.map((key) => ({ ...issue, keys: [key] }));
    if (issue.code === "invalid_union" && "discriminator" in issue && "options" in issue) return [discriminatorIssue(issue, raw)];
    if (issue.code === "invalid_value" && valueAt(raw, issue.path) === undefined)
      return [{ ...issue, code: "custom", message: "is required", params: { constraint: { required: true, enum: issue.values.map(String) } } } as Issue];
    return [issue];
  });
  const errors = fieldErrorsFromIssues(mapped);
  const seen = new Set(errors.map((e) => e.field));
  return [...errors, ...externalAccountRuleErrors(raw).filter((e) => !seen.has(e.field))];
}

function discriminatorIssue(issue: Issue & { options?: unknown }, raw: unknown): Issue {
  const options = ((issue.options as unknown[] | undefined) ?? []).map(String);
  const value = valueAt(raw, issue.path);
  const isMissing = value === undefined;
  return {
    code: "custom",
    path: issue.path,
    input: value,
    message: isMissing ? "is required" : `must be one of ${options.join(", ")}`,
    params: { constraint: isMissing ? { required: true, enum: options } : { enum: options } },
  } as Issue;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = raw;
  for (const key of path) value = record(value)[String(key)];
  return value;
}

type HookResult = { target: string } & ({ success: true } | { success: false; error: z.ZodError });

/** The validation hook of the create routes: one 400 with zod's and the rules' errors together. */
export const externalAccountBodyHook = ((result: HookResult, c: Parameters<typeof validationHook>[1]) => {
  if (result.success) return;
  if (result.target !== "json") return validationHook(result, c);
  throw invalidInput(externalAccountRequestErrors((result as { data?: unknown }).data, result.error.issues));
}) as never;
