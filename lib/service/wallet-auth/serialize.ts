import type { WalletAuthMethod, WalletAuthSession, WalletDelegatedKey } from "@/lib/generated/prisma/client";
import { formatId } from "../http/ids";
import type { AuthMethod, AuthSession, DelegatedKey } from "./schemas";

export function serializeAuthMethod(row: WalletAuthMethod): AuthMethod {
  return {
    id: formatId("AuthMethod", row.id),
    accountId: formatId("InternalAccount", row.internalAccountId),
    type: row.type,
    nickname: row.nickname,
    ...(row.credentialId && { credentialId: row.credentialId }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** AuthSession: the credential's fields with the session's id and expiry; the sealed key only when given. */
export function serializeAuthSession(session: WalletAuthSession, method: WalletAuthMethod, encryptedSessionSigningKey?: string): AuthSession {
  return {
    ...serializeAuthMethod(method),
    id: formatId("Session", session.id),
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    publicKey: session.publicKeyHex,
    ...(encryptedSessionSigningKey && { encryptedSessionSigningKey }),
  };
}

export function serializeDelegatedKey(row: WalletDelegatedKey): DelegatedKey {
  const limits = Array.isArray(row.spendingLimits) ? (row.spendingLimits as { currencyCode: string; maxPerTransaction: number }[]) : [];
  return {
    id: formatId("DelegatedKey", row.id),
    cardId: formatId("Card", row.cardId),
    fundingSourceId: formatId("CardFundingSource", row.fundingSourceId),
    accountId: formatId("InternalAccount", row.internalAccountId),
    publicKey: row.publicKeyHex,
    nickname: row.nickname,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(limits.length > 0 && { spendingLimits: limits }),
  };
}
