import type { LedgerAccount, LedgerAccountKind } from "@/lib/generated/prisma/client";
import type { DbOrTx } from "../db";
import { uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";

export interface SystemAccounts {
  /** Money in transit to or from rails: debited when funds arrive, credited when they leave. */
  clearing: LedgerAccount;
  /** The Service's own fee income. */
  fees: LedgerAccount;
  /** The Service's position from currency conversions. */
  fx: LedgerAccount;
}

const SYSTEM_KINDS = { clearing: "SERVICE_CLEARING", fees: "SERVICE_FEES", fx: "SERVICE_FX" } as const satisfies Record<keyof SystemAccounts, LedgerAccountKind>;

const systemKey = (kind: LedgerAccountKind, currency: string) => `${kind}:${currency}`;

/**
 * The Service's clearing, fee and FX accounts of one platform and currency, created on first use.
 * They may go negative: they are the other side of customer money (BEHAVIORS.md §2.3, §2.4).
 * Safe under concurrency: the unique (platformId, systemKey) lets a racing creator wait and reuse.
 * Throws: nothing expected.
 */
export async function ensureSystemAccounts(tx: DbOrTx, platformId: string, currency: string): Promise<SystemAccounts> {
  const keys = Object.values(SYSTEM_KINDS).map((kind) => systemKey(kind, currency));
  let rows = await tx.ledgerAccount.findMany({ where: { platformId, systemKey: { in: keys } } });
  if (rows.length < keys.length) {
    const at = await now(tx, platformId);
    await tx.ledgerAccount.createMany({
      data: Object.values(SYSTEM_KINDS).map((kind) => ({
        id: uuidv7(at.getTime()),
        platformId,
        currency,
        kind,
        systemKey: systemKey(kind, currency),
        allowNegative: true,
        createdAt: at,
        updatedAt: at,
      })),
      skipDuplicates: true,
    });
    rows = await tx.ledgerAccount.findMany({ where: { platformId, systemKey: { in: keys } } });
  }
  const byKey = new Map(rows.map((row) => [row.systemKey, row]));
  return {
    clearing: byKey.get(systemKey(SYSTEM_KINDS.clearing, currency))!,
    fees: byKey.get(systemKey(SYSTEM_KINDS.fees, currency))!,
    fx: byKey.get(systemKey(SYSTEM_KINDS.fx, currency))!,
  };
}
