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
