import type { z } from "zod";
import type { DbOrTx } from "../db";
import { invalidInput, type FieldError } from "../http/errors";
import { fieldErrorsFromIssues } from "../http/validation";
import { now } from "../sandbox/clock";
import { customerRuleErrors, mergeFieldErrors, type RuleContext } from "./customer-rules";
import { CustomerCreateRequestSchema, CustomerTypeSchema, type CustomerCreateRequest } from "./schemas";
import type { CustomerRow } from "./serialize-customer";

/** The clock, the platform's currencies and (PATCH) the stored customer, for customerRuleErrors. */
export async function loadRuleContext(db: DbOrTx, platformId: string, existing?: CustomerRow): Promise<RuleContext> {
  const [at, platform] = await Promise.all([
    now(db, platformId),
    db.platform.findUniqueOrThrow({ where: { id: platformId }, select: { supportedCurrencies: true } }),
  ]);
  const supportedCurrencies = (platform.supportedCurrencies as { currencyCode: string }[]).map((c) => c.currencyCode);
  return { now: at, supportedCurrencies, existing: existing && { customerType: existing.customerType, fields: requestShape(existing) } };
}

/** The stored customer in request shape (null columns left out), so rules can merge a PATCH into it. */
function requestShape(row: CustomerRow): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    currencies: row.currencies,
    fullName: row.fullName,
    birthDate: row.birthDate?.toISOString().slice(0, 10),
    idType: row.idType,
    identifier: row.identifier,
    businessInfo: row.businessInfo,
    ...(row.dueDiligence as Record<string, unknown> | null),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
}

/**
 * Every invalid field of a create or update body at once: zod's per-field errors plus the
 * cross-field rules, in one list (SPEC.md "Customers and onboarding", § Errors).
 */
export async function customerRequestErrors(
  db: DbOrTx,
  input: { platformId: string; raw: unknown; issues: readonly z.core.$ZodIssue[]; existing?: CustomerRow },
): Promise<FieldError[]> {
  // One entry per unknown key, so each is named like any other invalid field.
  const issues = input.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" && issue.keys.length > 1 ? issue.keys.map((key) => ({ ...issue, keys: [key] })) : [issue],
  );
  const zodErrors = fieldErrorsFromIssues(issues).map((e) => (e.field === "customerType" ? customerTypeError(input.raw) : e));
  const ctx = await loadRuleContext(db, input.platformId, input.existing);
  return mergeFieldErrors(zodErrors, customerRuleErrors(input.raw, ctx));
}

/** zod reports an unknown discriminator as a union failure; say what is allowed instead. */
function customerTypeError(raw: unknown): FieldError {
  const options = CustomerTypeSchema.options;
  const missing = typeof raw !== "object" || raw === null || (raw as Record<string, unknown>).customerType === undefined;
  return missing
    ? { field: "customerType", message: "is required", constraint: { required: true, enum: options } }
    : { field: "customerType", message: `must be one of ${options.join(", ")}`, constraint: { enum: options } };
}

/** Parses a create body that did not come through a route (bulk CSV rows). Throws: INVALID_INPUT. */
export async function parseCustomerCreateRequest(db: DbOrTx, platformId: string, raw: unknown): Promise<CustomerCreateRequest> {
  const parsed = CustomerCreateRequestSchema.safeParse(raw);
  const errors = await customerRequestErrors(db, { platformId, raw, issues: parsed.success ? [] : parsed.error.issues });
  if (errors.length > 0 || !parsed.success) throw invalidInput(errors);
  return parsed.data;
}
