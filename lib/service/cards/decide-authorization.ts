import type { Card, InternalAccount, LedgerAccount } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { findLedgerAccount } from "../ledger/find-ledger-account";
import { now } from "../sandbox/clock";
import type { CardDeclinedReason } from "./schemas";

export interface AuthorizationDecision {
  /** The funding account (first source), also on declines when it exists. */
  account: InternalAccount | null;
  ledgerAccount: LedgerAccount | null;
  declinedReason: CardDeclinedReason | null;
  /** Descriptor suffix 005: the pull stays pending ~30 s. */
  isPullDelayed: boolean;
}

/**
 * Whether `at` is past the card's expiry: a card is good through the last day of its `expMonth`
 * (UTC), as printed. Networks decline an expired card whatever else holds; the enum has no
 * expired-card reason, so the decline reads CARD_NOT_ACTIVE (the card can no longer be used). The
 * card's state is left as it is: expiry is not a state change (no CARD.STATE_CHANGE), and a new card
 * is issued to replace it.
 */
export function isCardExpired(card: Pick<Card, "expMonth" | "expYear">, at: Date): boolean {
  if (card.expMonth === null || card.expYear === null) return false;
  return at.getTime() >= Date.UTC(card.expYear, card.expMonth, 1); // month index expMonth = the month after expMonth
}

/** Last three characters of the merchant descriptor (BEHAVIORS.md §4.9). */
export const descriptorSuffix = (descriptor: string) => descriptor.slice(-3);

/**
 * Card decisioning (BEHAVIORS.md §5 "Decisioning", §4.9): card not ACTIVE, or past its expiry month
 * (isCardExpired) → CARD_NOT_ACTIVE;
 * descriptor suffix 002 → INSUFFICIENT_FUNDS and 003 → CARD_NOT_ACTIVE (override the rest); above
 * maxSpendPerTransaction or the delegated key's per-transaction limit → SPEND_LIMIT_EXCEEDED; no
 * usable first funding source (missing, not ACTIVE, an embedded wallet without an ACTIVE delegated
 * key) → NO_ELIGIBLE_FUNDING_SOURCE; available balance short → INSUFFICIENT_FUNDS (debits only).
 */
export async function decideAuthorization(tx: DbOrTx, input: { card: Card; amount: bigint; direction: "DEBIT" | "CREDIT"; descriptor: string }): Promise<AuthorizationDecision> {
  const { card, amount } = input;
  const accountId = card.fundingSources[0];
  const account = accountId ? await tx.internalAccount.findFirst({ where: { id: accountId, platformId: card.platformId } }) : null;
  const ledgerAccount = account ? await findLedgerAccount(tx, { platformId: card.platformId, internalAccountId: account.id }) : null;
  const suffix = descriptorSuffix(input.descriptor);
  const decide = (declinedReason: CardDeclinedReason | null): AuthorizationDecision => ({ account, ledgerAccount, declinedReason, isPullDelayed: suffix === "005" });

  if (card.state !== "ACTIVE") return decide("CARD_NOT_ACTIVE");
  if (isCardExpired(card, await now(tx, card.platformId))) return decide("CARD_NOT_ACTIVE");
  if (suffix === "002") return decide("INSUFFICIENT_FUNDS");
  if (suffix === "003") return decide("CARD_NOT_ACTIVE");
  if (input.direction === "DEBIT" && card.maxSpendPerTransaction !== null && amount > card.maxSpendPerTransaction) return decide("SPEND_LIMIT_EXCEEDED");
  if (!account || account.status !== "ACTIVE" || !ledgerAccount) return decide("NO_ELIGIBLE_FUNDING_SOURCE");
  if (account.type === "EMBEDDED_WALLET") {
    const key = await tx.walletDelegatedKey.findFirst({ where: { platformId: card.platformId, cardId: card.id, internalAccountId: account.id, status: "ACTIVE" } });
    if (!key) return decide("NO_ELIGIBLE_FUNDING_SOURCE");
    const limits = (key.spendingLimits ?? []) as { currencyCode: string; maxPerTransaction: number }[];
    const limit = limits.find((l) => l.currencyCode === card.currency);
    if (input.direction === "DEBIT" && limit && amount > BigInt(limit.maxPerTransaction)) return decide("SPEND_LIMIT_EXCEEDED");
  }
  if (input.direction === "DEBIT" && ledgerAccount.postedBalance - ledgerAccount.heldAmount < amount) return decide("INSUFFICIENT_FUNDS");
  return decide(null);
}
