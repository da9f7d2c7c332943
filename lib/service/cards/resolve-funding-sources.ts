import type { InternalAccount } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { ServiceError, invalidInput, type FieldError } from "../http/errors";
import { parseId } from "../http/ids";

/** Card-eligible currencies (BEHAVIORS.md 10.18). */
export const CARD_CURRENCIES = ["USD", "USDB"] as const;

/**
 * Checks a card's ordered funding sources: `InternalAccount:<uuid>` ids of the cardholder's
 * accounts, no repeats, one card-eligible currency (the card's, when given). Sandbox: an id ending
 * 002 or 003 is ineligible (BEHAVIORS.md §4.9). Returns the accounts in order.
 * Throws: INVALID_INPUT (malformed or repeated id), FUNDING_SOURCE_INELIGIBLE.
 */
export async function resolveFundingSources(db: DbOrTx, input: { platformId: string; cardholderId: string; fundingSources: string[]; currency?: string }): Promise<InternalAccount[]> {
  const ids = input.fundingSources.map((value) => parseId("InternalAccount", value));
  const errors: FieldError[] = [];
  input.fundingSources.forEach((value, i) => {
    const id = ids[i] ?? null;
    if (id === null) errors.push({ field: `fundingSources.${i}`, message: "must be an InternalAccount:<uuid> id", constraint: { format: "InternalAccount:<uuid>" } });
    else if (ids.indexOf(id) !== i) errors.push({ field: `fundingSources.${i}`, message: `repeats ${value}`, constraint: { uniqueItems: true } });
  });
  if (errors.length > 0) throw invalidInput(errors);

  const rows = await db.internalAccount.findMany({ where: { platformId: input.platformId, id: { in: ids as string[] } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const accounts: InternalAccount[] = [];
  for (const [i, id] of (ids as string[]).entries()) {
    const value = input.fundingSources[i]!;
    const account = byId.get(id);
    const ineligible = (why: string) => new ServiceError("FUNDING_SOURCE_INELIGIBLE", `Funding source ${value} ${why}`, { details: { field: `fundingSources.${i}` } });
    if (!account || account.customerId !== input.cardholderId) throw ineligible("is not an internal account of the cardholder");
    if (id.endsWith("002") || id.endsWith("003")) throw ineligible("was refused by the issuer (sandbox suffix 002/003)");
    if (!(CARD_CURRENCIES as readonly string[]).includes(account.currency)) throw ineligible(`holds ${account.currency}; cards spend ${CARD_CURRENCIES.join(" or ")}`);
    if (account.status === "CLOSED") throw ineligible("is closed");
    const currency = input.currency ?? accounts[0]?.currency;
    if (currency !== undefined && account.currency !== currency) throw ineligible(`holds ${account.currency}; every funding source of the card must hold ${currency}`);
    accounts.push(account);
  }
  return accounts;
}
