import type { FieldError } from "../http/errors";
import { DIRECT_ACCOUNT_CURRENCIES, DIRECT_ACCOUNT_REQUIRED_BUSINESS_FIELDS } from "./direct-account-currencies";

/** What the cross-field rules need besides the request: the clock, the platform, the stored customer. */
export interface RuleContext {
  now: Date;
  /** Currency codes the platform supports (PlatformConfig.supportedCurrencies). */
  supportedCurrencies: readonly string[];
  /** PATCH only: the stored customer in request shape (businessInfo and EDD fields included). */
  existing?: { customerType: string; fields: Record<string, unknown> };
}

/** Acceptance times may run this far ahead of our clock (client clocks drift). */
const ACCEPTED_AT_SKEW_MS = 5 * 60 * 1000;

const IDENTIFIER_PATTERNS: Record<string, RegExp> = {
  SSN: /^(\d{3}-\d{2}-\d{4}|\d{9})$/,
  ITIN: /^(9\d{2}-\d{2}-\d{4}|9\d{8})$/,
  EIN: /^(\d{2}-\d{7}|\d{9})$/,
};

/**
 * The rules zod's per-field schemas cannot express (SPEC.md "Customers and onboarding"). They read
 * the raw body defensively, skipping values of the wrong type (zod reports those), so that their
 * errors can be listed together with zod's in one 400: every invalid field at once.
 */
export function customerRuleErrors(raw: unknown, ctx: RuleContext): FieldError[] {
  const body = record(raw);
  const errors: FieldError[] = [];
  const existing = ctx.existing;
  if (existing && typeof body.customerType === "string" && body.customerType !== existing.customerType)
    errors.push({ field: "customerType", message: `cannot change: this customer is ${existing.customerType}`, constraint: { enum: [existing.customerType] } });

  consentRules(body, ctx.now, errors);
  currencyRules(body, ctx.supportedCurrencies, errors);

  // Later rules look at the customer as it will be: the stored fields with the request applied.
  const merged: Record<string, unknown> = { ...existing?.fields, ...body };
  if (isRecord(existing?.fields.businessInfo) && isRecord(body.businessInfo))
    merged.businessInfo = { ...existing.fields.businessInfo, ...body.businessInfo };
  const customerType = existing?.customerType ?? body.customerType;

  if (customerType === "INDIVIDUAL") {
    identifierRules(merged, errors);
    otherDescriptionRules(merged, "", errors);
    notInFuture(merged.birthDate, "birthDate", ctx.now, errors);
  }
  if (customerType === "BUSINESS" && isRecord(merged.businessInfo)) {
    otherDescriptionRules(merged.businessInfo, "businessInfo.", errors);
    notInFuture(merged.businessInfo.incorporatedOn, "businessInfo.incorporatedOn", ctx.now, errors);
    // On PATCH the rule is checked when the request touches what it depends on.
    if (!existing || body.currencies !== undefined || body.businessInfo !== undefined)
      directAccountRules(merged, existing ? (existing.fields.currencies as string[]) : ctx.supportedCurrencies, errors);
  }
  return errors;
}

function consentRules(body: Record<string, unknown>, now: Date, errors: FieldError[]) {
  if (body.agreementConsents !== undefined && body.endUserTermsConsent !== undefined)
    errors.push({
      field: "endUserTermsConsent",
      message: "send either agreementConsents or the deprecated endUserTermsConsent, not both",
      constraint: { not: { required: ["agreementConsents"] } },
    });
  const latest = now.getTime() + ACCEPTED_AT_SKEW_MS;
  const seen = new Set<unknown>();
  list(body.agreementConsents).forEach((consent, i) => {
    const entry = record(consent);
    if (typeof entry.type === "string" && seen.has(entry.type))
      errors.push({ field: `agreementConsents.${i}.type`, message: `${entry.type} is listed twice; send at most one consent per type`, constraint: { uniqueItems: true } });
    seen.add(entry.type);
    acceptedAtRule(entry.acceptedAt, `agreementConsents.${i}.acceptedAt`, latest, errors);
  });
  acceptedAtRule(record(body.endUserTermsConsent).acceptedAt, "endUserTermsConsent.acceptedAt", latest, errors);
}

function acceptedAtRule(value: unknown, field: string, latestMs: number, errors: FieldError[]) {
  if (typeof value !== "string") return;
  const at = Date.parse(value);
  if (!Number.isNaN(at) && at > latestMs)
    errors.push({ field, message: "must not be in the future", constraint: { format: "date-time", maximum: new Date(latestMs).toISOString() } });
}

function currencyRules(body: Record<string, unknown>, supported: readonly string[], errors: FieldError[]) {
  const seen = new Set<string>();
  list(body.currencies).forEach((code, i) => {
    if (typeof code !== "string") return;
    if (seen.has(code)) errors.push({ field: `currencies.${i}`, message: `${code} is listed twice`, constraint: { uniqueItems: true } });
    else if (!supported.includes(code))
      errors.push({ field: `currencies.${i}`, message: `${code} is not supported by this platform (see GET /config)`, constraint: { enum: [...supported] } });
    seen.add(code);
  });
}

function identifierRules(merged: Record<string, unknown>, errors: FieldError[]) {
  const { idType, identifier } = merged;
  if (typeof identifier === "string" && idType === undefined)
    errors.push({ field: "idType", message: "is required when identifier is given", constraint: { required: true } });
  if (typeof idType === "string" && identifier === undefined)
    errors.push({ field: "identifier", message: "is required when idType is given", constraint: { required: true } });
  // Own keys only: an idType of "constructor" or "toString" names no pattern.
  const pattern = typeof idType === "string" && Object.hasOwn(IDENTIFIER_PATTERNS, idType) ? IDENTIFIER_PATTERNS[idType] : undefined;
  if (pattern && typeof identifier === "string" && !pattern.test(identifier))
    errors.push({ field: "identifier", message: `is not a valid ${idType as string}`, constraint: { pattern: pattern.source } });
}

const OTHER_DESCRIPTIONS = [
  ["sourceOfFundsCategories", "sourceOfFundsOtherDescription"],
  ["sourceOfWealthCategories", "sourceOfWealthOtherDescription"],
  ["purposeOfAccount", "purposeOfAccountOtherDescription"],
] as const;

/** A category of OTHER needs its description (CustomerEdd and BusinessInfo alike). */
function otherDescriptionRules(fields: Record<string, unknown>, prefix: string, errors: FieldError[]) {
  for (const [choice, description] of OTHER_DESCRIPTIONS) {
    const value = fields[choice];
    const isOther = value === "OTHER" || (Array.isArray(value) && value.includes("OTHER"));
    if (isOther && fields[description] === undefined)
      errors.push({
        field: `${prefix}${description}`,
        message: `is required when ${prefix}${choice} is OTHER`,
        constraint: { required: true, when: { field: `${prefix}${choice}`, contains: "OTHER" } },
      });
  }
}

function notInFuture(value: unknown, field: string, now: Date, errors: FieldError[]) {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
  const today = now.toISOString().slice(0, 10);
  if (value > today) errors.push({ field, message: "must not be in the future", constraint: { format: "date", maximum: today } });
}

/** SPEC.md "Business customer": taxId and incorporatedOn, required where accounts are customer-owned. */
function directAccountRules(merged: Record<string, unknown>, fallbackCurrencies: readonly string[], errors: FieldError[]) {
  const currencies = Array.isArray(merged.currencies) ? merged.currencies : fallbackCurrencies;
  const direct = currencies.filter((c): c is string => typeof c === "string" && DIRECT_ACCOUNT_CURRENCIES.has(c));
  if (direct.length === 0) return;
  const info = record(merged.businessInfo);
  for (const name of DIRECT_ACCOUNT_REQUIRED_BUSINESS_FIELDS) {
    if (info[name] !== undefined && info[name] !== "") continue;
    errors.push({
      field: `businessInfo.${name}`,
      message: `is required for customers holding ${direct.join(", ")} (accounts held directly in the customer's name)`,
      constraint: { required: true, when: { currencies: direct } },
    });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** zod's errors first; a rule adds a field only when zod has not already reported it. */
export function mergeFieldErrors(...groups: FieldError[][]): FieldError[] {
  const seen = new Set<string>();
  const merged: FieldError[] = [];
  for (const error of groups.flat()) {
    if (seen.has(error.field)) continue;
    seen.add(error.field);
    merged.push(error);
  }
  return merged;
}
