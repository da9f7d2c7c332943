import type { Prisma } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import { accountTypeSpec } from "../external-accounts/account-types";
import { primaryIdentifier } from "../external-accounts/primary-identifier";
import { serializeExternalAccount, type ExternalAccountRow } from "../external-accounts/serialize-external-account";
import type { InternalAccountRow } from "../internal-accounts/serialize-internal-account";
import { DEFAULT_RAIL } from "../sandbox/currencies";
import { invalidInput } from "../http/errors";
import type { PaymentRail } from "../transactions/schemas";

/** Values GET /transactions matches account filters against: the typed id and, for external accounts, the number / IBAN / address. */
export function externalIdentifiers(external: ExternalAccountRow): string[] {
  const primary = primaryIdentifier(external.accountType, external.accountInfo as Record<string, unknown>);
  return [formatId("ExternalAccount", external.id), ...(primary ? [primary] : [])];
}

export function internalIdentifiers(account: InternalAccountRow): string[] {
  return [formatId("InternalAccount", account.id)];
}

/** What the dashboard shows of each account as it was at the time (external accounts masked). */
export function internalSnapshot(account: InternalAccountRow): Prisma.InputJsonValue {
  return {
    id: formatId("InternalAccount", account.id),
    type: account.type,
    currency: account.currency,
    ...(account.customerId !== null && { customerId: formatId("Customer", account.customerId) }),
  };
}

export function externalSnapshot(external: ExternalAccountRow): Prisma.InputJsonValue {
  return serializeExternalAccount(external) as unknown as Prisma.InputJsonValue;
}

/**
 * The external account's rail for this transfer: the one asked for, which must be one of the
 * account's rails, else the currency's default rail when the account has it (ACH_SAME_DAY only
 * when named), else its first rail; null for wallets (no external rail). SPEC.md § POST /quotes.
 * Throws: INVALID_INPUT on `field` for a rail the account does not support.
 */
export function chooseRail(external: ExternalAccountRow, requested: PaymentRail | undefined, field: string): { paymentRail: string | null; railSelectionMode: "AUTO" | "MANUAL" } {
  const spec = accountTypeSpec(external.accountType);
  const rails = spec?.kind === "BANK" ? (spec.railsFor ? spec.railsFor(external.accountInfo as Record<string, unknown>) : [...spec.rails]) : [];
  if (requested !== undefined) {
    if (!rails.includes(requested))
      throw invalidInput([
        {
          field,
          message: rails.length === 0 ? `cannot be used: a ${external.accountType} is paid without an external rail` : `is not a rail of this ${external.accountType}; use one of ${rails.join(", ")}`,
          constraint: { enum: rails },
        },
      ]);
    return { paymentRail: requested, railSelectionMode: "MANUAL" };
  }
  const preferred = DEFAULT_RAIL[external.currency];
  const automatic = rails.filter((rail) => rail !== "ACH_SAME_DAY");
  const paymentRail = preferred !== undefined && automatic.includes(preferred) ? preferred : (automatic[0] ?? null);
  return { paymentRail, railSelectionMode: "AUTO" };
}
