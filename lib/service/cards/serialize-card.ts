import type { Card as CardRow } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { Card } from "./schemas";

/** A Card row as the API shows it (BEHAVIORS.md §5 fields). */
export function serializeCard(row: CardRow): Card {
  return {
    id: formatId("Card", row.id),
    cardholderId: formatId("Customer", row.customerId),
    ...(row.platformCardId !== null && { platformCardId: row.platformCardId }),
    state: row.state,
    stateReason: (row.stateReason as Card["stateReason"]) ?? null,
    brand: row.brand as Card["brand"],
    form: row.form as Card["form"],
    ...(row.last4 !== null && { last4: row.last4 }),
    ...(row.expMonth !== null && { expMonth: row.expMonth }),
    ...(row.expYear !== null && { expYear: row.expYear }),
    fundingSources: row.fundingSources.map((id) => formatId("InternalAccount", id)),
    maxSpendPerTransaction: row.maxSpendPerTransaction === null ? null : Number(row.maxSpendPerTransaction),
    currency: row.currency,
    processorRef: row.processorRef,
    issuerRef: row.issuerRef,
    cardCapabilities: { supportsDigitalWalletTokenization: row.supportsDigitalWalletTokenization },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
