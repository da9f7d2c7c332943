/**
 * 409 NOT_YET_AVAILABLE belongs to a balance-changes window whose card settlement has not closed
 * (SPEC.md `GET /internal-accounts/{id}/balance-changes`). Without cards nothing is ever
 * unsettled, so every window is settled for now.
 * TODO(#8): when card transactions land, throw ServiceError("NOT_YET_AVAILABLE", …) while a card
 * transaction on this account inside [startDate, endDate) has not settled.
 */
export async function assertBalanceWindowSettled(_input: { platformId: string; internalAccountId: string; startDate?: Date; endDate?: Date }): Promise<void> {
  return;
}
