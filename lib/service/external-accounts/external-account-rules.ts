import type { FieldError } from "../http/errors";
import type { AccountTypeSpec } from "./account-type-spec";
import { accountTypeSpec, allowedCurrencies, isCurrencyAllowed, isSelfCustodyWallet } from "./account-types";

const PIX_KEY_FORMATS: Readonly<Record<string, { pattern: RegExp; message: string }>> = {
  CPF: { pattern: /^[0-9]{11}$/, message: "must be the 11 digits of a CPF when pixKeyType is CPF" },
  CNPJ: { pattern: /^[0-9]{14}$/, message: "must be the 14 digits of a CNPJ when pixKeyType is CNPJ" },
  EMAIL: { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: "must be an email address when pixKeyType is EMAIL" },
  PHONE: { pattern: /^\+55[0-9]{10,11}$/, message: "must be +55 followed by 10 or 11 digits when pixKeyType is PHONE" },
  RANDOM: { pattern: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, message: "must be a UUID when pixKeyType is RANDOM" },
};

/**
 * The rules zod's per-field schemas cannot express (BEHAVIORS.md §1.4): the currency of the
 * account type, fields needed one way or another (INR: vpa, or accountNumber + ifsc), the PIX key
 * format of its type, and the owner of a self-custody wallet. They read the raw body defensively
 * (zod reports wrong types) so their errors join zod's in one 400.
 */
export function externalAccountRuleErrors(raw: unknown): FieldError[] {
  const body = record(raw);
  const info = record(body.accountInfo);
  const spec = typeof info.accountType === "string" ? accountTypeSpec(info.accountType) : undefined;
  if (!spec) return [];
  const errors: FieldError[] = [];

  if (typeof body.currency === "string" && !isCurrencyAllowed(spec, body.currency)) {
    const allowed = allowedCurrencies(spec);
    errors.push(
      allowed
        ? { field: "currency", message: `must be ${allowed.join(" or ")} for accountType ${spec.accountType}`, constraint: { enum: [...allowed] } }
        : { field: "currency", message: `must be a fiat ISO 4217 code for accountType ${spec.accountType}`, constraint: { pattern: "^[A-Z]{3}$", format: "fiat-currency" } },
    );
  }
  alternativeRules(spec, info, errors);
  exactlyOneRule(spec, info, errors);

  const pixFormat = spec.accountType === "BRL_ACCOUNT" && typeof info.pixKeyType === "string" ? PIX_KEY_FORMATS[info.pixKeyType] : undefined;
  if (pixFormat && typeof info.pixKey === "string" && !pixFormat.pattern.test(info.pixKey))
    errors.push({ field: "accountInfo.pixKey", message: pixFormat.message, constraint: { pattern: pixFormat.pattern.source, when: { "accountInfo.pixKeyType": info.pixKeyType } } });

  if (isSelfCustodyWallet(spec.accountType, info) && body.ownershipType === undefined)
    errors.push({
      field: "ownershipType",
      message: "is required for a self-custody wallet (travel rule): FIRST_PARTY if it is the owner's own wallet, else THIRD_PARTY; send accountInfo.vaspName for a wallet held at an exchange",
      constraint: { required: true, enum: ["FIRST_PARTY", "THIRD_PARTY"], when: { "accountInfo.accountType": spec.accountType } },
    });
  return errors;
}

/** At least one alternative complete; a started alternative names its missing fields. */
function alternativeRules(spec: AccountTypeSpec, info: Record<string, unknown>, errors: FieldError[]) {
  const groups = spec.alternatives;
  if (!groups) return;
  const isPresent = (name: string) => info[name] !== undefined;
  if (groups.some((group) => group.every(isPresent))) return;
  const started = groups.find((group) => group.some(isPresent));
  if (started) {
    const given = started.filter(isPresent).map((n) => `accountInfo.${n}`);
    for (const name of started.filter((n) => !isPresent(n)))
      errors.push({ field: `accountInfo.${name}`, message: `is required with ${given.join(", ")}`, constraint: { required: true, with: given } });
    return;
  }
  const first = groups[0]![0]!;
  const described = groups.map((g) => g.join(" + ")).join(", or ");
  errors.push({
    field: `accountInfo.${first}`,
    message: `is required: ${spec.accountType} needs ${described}`,
    constraint: { required: true, anyOf: groups.map((g) => g.map((n) => `accountInfo.${n}`)) },
  });
}

function exactlyOneRule(spec: AccountTypeSpec, info: Record<string, unknown>, errors: FieldError[]) {
  const names = spec.exactlyOne;
  if (!names) return;
  const given = names.filter((n) => info[n] !== undefined);
  const oneOf = names.map((n) => `accountInfo.${n}`);
  if (given.length === 0) errors.push({ field: `accountInfo.${names[0]}`, message: `is required: send exactly one of ${names.join(", ")}`, constraint: { required: true, oneOf } });
  for (const name of given.slice(1))
    errors.push({ field: `accountInfo.${name}`, message: `must not be sent with accountInfo.${given[0]}: send exactly one of ${names.join(", ")}`, constraint: { oneOf } });
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
