import type { Tx } from "../db";
import { uuidv7 } from "../http/ids";
import type { InternalAccountRow } from "../internal-accounts/serialize-internal-account";

/**
 * An embedded wallet is born with one EMAIL_OTP credential named after the customer's email
 * (BEHAVIORS.md §1.3). Called by provisioning in the same transaction for the accounts it just
 * created; only EMBEDDED_WALLET accounts get one, and only when the customer has an email (without
 * one, the first POST /auth/credentials creates the first credential directly).
 */
export async function createInitialWalletCredentials(tx: Tx, input: { platformId: string; customerEmail: string | null; accounts: InternalAccountRow[]; at: Date }): Promise<void> {
  if (!input.customerEmail) return;
  const wallets = input.accounts.filter((a) => a.type === "EMBEDDED_WALLET");
  for (const wallet of wallets) {
    const exists = await tx.walletAuthMethod.findFirst({ where: { platformId: input.platformId, internalAccountId: wallet.id, revokedAt: null }, select: { id: true } });
    if (exists) continue;
    await tx.walletAuthMethod.create({
      data: { id: uuidv7(), platformId: input.platformId, internalAccountId: wallet.id, type: "EMAIL_OTP", nickname: input.customerEmail, createdAt: input.at, updatedAt: input.at },
    });
  }
}
