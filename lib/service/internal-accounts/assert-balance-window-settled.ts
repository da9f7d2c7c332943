import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";

/** Card transaction kinds that never settle (no money moves). Mirrors BALANCE_INQUIRY in lib/service/cards. */
const NON_SETTLING_KINDS = ["BALANCE_INQUIRY"];

/**
 * 409 NOT_YET_AVAILABLE for a balance-changes window whose card settlement has not closed (SPEC.md
 * `GET /internal-accounts/{id}/balance-changes`): a card transaction on this account authorized
 * inside [startDate, endDate) is still AUTHORIZED or PARTIALLY_SETTLED (money held, clearings
 * expected). Open bounds are unbounded. Throws: NOT_YET_AVAILABLE.
 */
export async function assertBalanceWindowSettled(db: DbOrTx, input: { platformId: string; internalAccountId: string; startDate?: Date; endDate?: Date }): Promise<void> {
  const open = await db.cardTransaction.findFirst({
    where: {
      platformId: input.platformId,
      accountId: input.internalAccountId,
      status: { in: ["AUTHORIZED", "PARTIALLY_SETTLED"] },
      kind: { notIn: NON_SETTLING_KINDS },
      authorizedAt: { ...(input.startDate && { gte: input.startDate }), ...(input.endDate && { lt: input.endDate }) },
    },
    select: { authorizedAt: true },
    orderBy: { authorizedAt: "asc" },
  });
  if (open)
    throw new ServiceError(
      "NOT_YET_AVAILABLE",
      `Card settlement for this window has not closed: a card authorization of ${open.authorizedAt.toISOString()} is still awaiting clearing. Retry later, or end the window before it.`,
    );
}
