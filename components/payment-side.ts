/** A quote's or transaction's source or destination as the API gives it (only the fields read here). */
export interface PaymentSideLike {
  sourceType?: string;
  destinationType?: string;
  accountId?: string;
  umaAddress?: string;
  currency?: string;
}

/** What a side is, in words, and what identifies it: the account id or the UMA address. */
export interface PaymentSideDescription {
  kind: string;
  identifier?: string;
}

/**
 * An ACCOUNT source naming an external account pulls from that bank account at execution
 * (SPEC.md § POST /quotes: `ExternalAccount:` source); an internal account is prefunded.
 */
export function isPullSource(source: PaymentSideLike | undefined): boolean {
  return source?.sourceType === "ACCOUNT" && (source.accountId?.startsWith("ExternalAccount:") ?? false);
}

/** "Internal account", "Bank account (pulled from)", "External account", "Real-time funding", "UMA address", by the side's type and id prefix. */
export function describePaymentSide(side: PaymentSideLike | undefined, role: "source" | "destination"): PaymentSideDescription {
  if (!side) return { kind: "—" };
  const type = side.sourceType ?? side.destinationType;
  if (type === "REALTIME_FUNDING") return { kind: "Real-time funding", identifier: side.currency };
  if (type === "UMA_ADDRESS" || side.umaAddress) return { kind: "UMA address", identifier: side.umaAddress };
  const id = side.accountId;
  if (id?.startsWith("ExternalAccount:")) return { kind: role === "source" ? "Bank account (pulled from)" : "External account", identifier: id };
  if (id?.startsWith("InternalAccount:")) return { kind: "Internal account", identifier: id };
  return { kind: type ? type.replace(/_/g, " ").toLowerCase().replace(/^./, (c) => c.toUpperCase()) : "Account", identifier: id };
}
