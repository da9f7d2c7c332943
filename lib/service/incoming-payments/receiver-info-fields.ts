import { DateInputSchema } from "../http/date-schemas";
import type { FieldError } from "../http/errors";
import { fieldErrorsFromIssues } from "../http/validation";
import type { ReceiverInfoField } from "./schemas";

/** The receiving customer's columns the approval request looks at. */
export interface ReceiverFacts {
  fullName: string | null;
  birthDate: Date | null;
  nationality: string | null;
}

/**
 * `requestedReceiverCustomerInfoFields` of an approval request (BEHAVIORS.md §3.7): only the fields
 * the Service lacks about the receiving customer. Our sandbox rule: FULL_NAME and BIRTH_DATE are
 * mandatory (travel rule), NATIONALITY is asked for but optional.
 */
export function requestedReceiverFields(customer: ReceiverFacts): ReceiverInfoField[] {
  const fields: ReceiverInfoField[] = [];
  if (!customer.fullName) fields.push({ name: "FULL_NAME", mandatory: true });
  if (!customer.birthDate) fields.push({ name: "BIRTH_DATE", mandatory: true });
  if (!customer.nationality) fields.push({ name: "NATIONALITY", mandatory: false });
  return fields;
}

/** Names of mandatory requested fields that `info` does not supply (a missing, null or empty value). */
export function missingMandatoryFields(requested: ReceiverInfoField[], info: Record<string, unknown> | undefined): string[] {
  return requested.filter((f) => f.mandatory && isBlank(info?.[f.name])).map((f) => f.name);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * What is wrong with the values `info` gives (blank ones are missingMandatoryFields' business):
 * BIRTH_DATE is checked as a customer's birthDate is, a real calendar date YYYY-MM-DD not after the
 * day of `at` (the platform's clock, UTC). Each error names `receiverCustomerInfo.<FIELD>`. The one
 * check of both ways the platform answers an approval request: POST /transactions/{id}/approve and
 * the webhook's 200 answer.
 */
export function receiverInfoErrors(info: Record<string, unknown> | undefined, at: Date): FieldError[] {
  const birthDate = info?.BIRTH_DATE;
  const today = at.toISOString().slice(0, 10);
  if (isBlank(birthDate)) return [];
  const field = "receiverCustomerInfo.BIRTH_DATE";
  const parsed = DateInputSchema.safeParse(birthDate);
  if (!parsed.success) return fieldErrorsFromIssues(parsed.error.issues, field);
  if (parsed.data > today) return [{ field, message: "must not be in the future", constraint: { format: "date", maximum: today } }];
  return [];
}
