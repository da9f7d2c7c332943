import type { DbOrTx } from "../db";
import { invalidInput } from "../http/errors";

export const MAX_TOTAL_OWNERSHIP_PERCENTAGE = 100;

/**
 * The business's owners may hold at most 100% between them. Call it with the customer's row
 * locked (lockCustomer), so concurrent adds and updates are summed one after another. `owner`
 * names the owner being changed (its current share is replaced, not added to); a change that does
 * not raise the total passes, so shares recorded before this rule can still be lowered.
 * Throws: INVALID_INPUT naming `ownershipPercentage` and the current total.
 */
export async function assertOwnershipTotal(tx: DbOrTx, input: { platformId: string; customerId: string; ownershipPercentage: number; owner?: { id: string; ownershipPercentage: number } }): Promise<void> {
  const { platformId, customerId, ownershipPercentage, owner } = input;
  const { _sum } = await tx.beneficialOwner.aggregate({ where: { platformId, customerId }, _sum: { ownershipPercentage: true } });
  const current = _sum.ownershipPercentage ?? 0;
  const others = current - (owner?.ownershipPercentage ?? 0);
  const total = others + ownershipPercentage;
  if (total <= MAX_TOTAL_OWNERSHIP_PERCENTAGE || total <= current) return;
  const room = Math.max(0, MAX_TOTAL_OWNERSHIP_PERCENTAGE - others);
  throw invalidInput([
    {
      field: "ownershipPercentage",
      message: `would bring the business's owners to ${total}% in total, over ${MAX_TOTAL_OWNERSHIP_PERCENTAGE}%: they hold ${current}% now${owner ? ` (${owner.ownershipPercentage}% of it this owner's)` : ""}, so this owner can hold at most ${room}%`,
      constraint: { maximum: room, currentTotal: current },
    },
  ]);
}
