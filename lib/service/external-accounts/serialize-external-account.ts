import type { ExternalAccount as ExternalAccountRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import { MASKED_FIELDS } from "./account-type-spec";
import { accountTypeSpec } from "./account-types";
import type { AccountInfo, BeneficiaryVerificationStatus, ExternalAccount, OwnershipType } from "./schemas";

export type { ExternalAccountRow };

/**
 * An external account as the API returns it, in responses and in webhook `data`. Account numbers,
 * IBANs, CLABEs, PIX keys and tax ids are masked (`****1234`) except in the creation response
 * (`isUnmasked`), BEHAVIORS.md 10.29. Bank accounts list the rails they can be paid on.
 */
export function serializeExternalAccount(row: ExternalAccountRow, options: { isUnmasked?: boolean } = {}): ExternalAccount {
  const stored = row.accountInfo as AccountInfo;
  const spec = accountTypeSpec(row.accountType);
  // JSONB keeps no key order: put keys back in the schema's order.
  const info = orderKeys(stored, fieldOrder(row.accountType, spec?.fields)) as AccountInfo;
  if (!options.isUnmasked) for (const name of MASKED_FIELDS) if (typeof info[name] === "string") info[name] = mask(info[name]);
  if (spec?.kind === "BANK") info.paymentRails = spec.railsFor ? spec.railsFor(stored) : [...spec.rails];
  if (row.beneficiary !== null) info.beneficiary = orderBeneficiary(row.beneficiary as Record<string, unknown>);

  return {
    id: formatId("ExternalAccount", row.id),
    ...(row.customerId !== null && { customerId: formatId("Customer", row.customerId) }),
    status: row.status,
    ...(row.platformAccountId !== null && { platformAccountId: row.platformAccountId }),
    ...(row.ownershipType !== null && { ownershipType: row.ownershipType as OwnershipType }),
    currency: row.currency,
    ...(row.customerId !== null && { defaultUmaDepositAccount: row.defaultDepositCustomerId !== null }),
    ...(row.beneficiaryVerificationStatus !== null && { beneficiaryVerificationStatus: row.beneficiaryVerificationStatus as BeneficiaryVerificationStatus }),
    ...(row.beneficiaryVerifiedData !== null && { beneficiaryVerifiedData: row.beneficiaryVerifiedData as { fullName?: string } }),
    accountInfo: info,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `****` and the last four characters. */
export function mask(value: string): string {
  return `****${value.slice(-4)}`;
}

const BENEFICIARY_ORDER = ["beneficiaryType", "fullName", "legalName", "birthDate", "nationality", "registrationNumber", "taxId", "documentType", "documentNumber", "email", "phoneNumber", "countryOfResidence", "address"];
const ADDRESS_ORDER = ["line1", "line2", "city", "state", "postalCode", "country"];

function orderBeneficiary(beneficiary: Record<string, unknown>): Record<string, unknown> {
  const ordered = orderKeys(beneficiary, BENEFICIARY_ORDER);
  if (typeof ordered.address === "object" && ordered.address !== null) ordered.address = orderKeys(ordered.address as Record<string, unknown>, ADDRESS_ORDER);
  return ordered;
}

/** accountInfo's keys in the schema's order, per account type (made once: every serialized account needs it). */
function fieldOrder(accountType: string, fields: Record<string, unknown> | undefined): readonly string[] {
  let order = fieldOrders.get(accountType);
  if (!order) fieldOrders.set(accountType, (order = ["accountType", ...Object.keys(fields ?? {})]));
  return order;
}
const fieldOrders = new Map<string, readonly string[]>();

/** The keys `order` names first, in its order, then the others as they came (a list page orders thousands: no sort). */
function orderKeys(value: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const key of order) if (Object.hasOwn(value, key)) entries.push([key, value[key]]);
  for (const key of Object.keys(value)) if (!order.includes(key)) entries.push([key, value[key]]);
  return Object.fromEntries(entries);
}
