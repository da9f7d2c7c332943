// Test-only helpers for the ledger's own tests (imported by *.test.ts files only).
import type { LedgerAccountKind } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { uuidv7 } from "../http/ids";
import { createPlatform } from "../platforms/create-platform";
import { createLedgerAccount } from "./create-ledger-account";
import { ensureSystemAccounts } from "./ensure-system-accounts";
import { postLedgerTransaction } from "./post-ledger-transaction";
import { systemAccountBalance } from "./system-account-balance";

/** A fresh platform and shortcuts to open and fund its ledger accounts. */
export async function ledgerFixture(db: Db) {
  const platform = await createPlatform(db, { name: `Ledger test ${uuidv7().slice(-6)}` });
  const platformId = platform.id;

  const system = (currency: string) => ensureSystemAccounts(db, platformId, currency);

  async function account(options: { currency?: string; balance?: bigint; kind?: LedgerAccountKind } = {}) {
    const created = await createLedgerAccount(db, {
      platformId,
      currency: options.currency ?? "USD",
      kind: options.kind ?? "CUSTOMER_INTERNAL",
      internalAccountId: uuidv7(),
    });
    if (options.balance) await fund(created.id, options.balance, created.currency);
    return created;
  }

  /** Money arriving from outside: clearing goes negative, the account goes up. */
  async function fund(ledgerAccountId: string, amount: bigint, currency = "USD", effectiveAt?: Date) {
    return db.$transaction(async (tx) => {
      const { clearing } = await ensureSystemAccounts(tx, platformId, currency);
      return postLedgerTransaction(tx, {
        platformId,
        kind: "SANDBOX_FUND",
        effectiveAt,
        entries: [
          { ledgerAccountId: clearing.id, amount: -amount },
          { ledgerAccountId, amount },
        ],
      });
    });
  }

  /** Sum of every entry of this platform per currency (must always be 0). */
  async function entryTotals() {
    const rows = await db.ledgerEntry.groupBy({ by: ["currency"], where: { platformId }, _sum: { amount: true } });
    return Object.fromEntries(rows.map((row) => [row.currency, row._sum.amount ?? 0n]));
  }

  return { platform, platformId, system, account, fund, entryTotals, clearingBalance: (currency = "USD") => systemAccountBalance(db, platformId, "SERVICE_CLEARING", currency) };
}
