import type { InternalAccountStatus } from "@/lib/generated/prisma/client";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";

export type MoneyDirection = "SEND" | "RECEIVE";

const WHY_NOT: Record<Exclude<InternalAccountStatus, "ACTIVE">, string> = {
  PENDING: "is PENDING (still being provisioned, or the customer's KYC/KYB is not approved yet)",
  FROZEN: "is FROZEN (compliance or fraud hold)",
  CLOSED: "is CLOSED",
};

/**
 * Only ACTIVE accounts send or receive money: PENDING and FROZEN accounts can do neither, CLOSED
 * ones are gone (SPEC.md "Internal account status", BEHAVIORS.md 10.2).
 */
export function canMoveMoney(status: InternalAccountStatus): boolean {
  return status === "ACTIVE";
}

/**
 * Throws: CONFLICT (409) naming the status and why it blocks the movement; `details` carries
 * `accountId` and `accountStatus` for clients to branch on.
 */
export function assertCanMoveMoney(account: { id: string; status: InternalAccountStatus }, direction: MoneyDirection): void {
  if (account.status === "ACTIVE") return;
  const accountId = formatId("InternalAccount", account.id);
  const verb = direction === "RECEIVE" ? "receive" : "send";
  throw new ServiceError("CONFLICT", `Internal account ${accountId} cannot ${verb} funds: it ${WHY_NOT[account.status]}. Only ACTIVE accounts send or receive.`, {
    details: { accountId, accountStatus: account.status },
  });
}
