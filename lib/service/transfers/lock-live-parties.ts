import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId } from "../http/ids";

/** What a payment names that a DELETE can take away (bare uuids; null and undefined are skipped). */
export interface PaymentParties {
  /** The customers the money is for: the source's owner, the destination's owner. */
  customerIds?: readonly (string | null | undefined)[];
  /** Internal accounts the payment touches: their owners are checked as customers. */
  internalAccountIds?: readonly (string | null | undefined)[];
  /** The external account the money goes to or comes from: checked, and its owner too. */
  externalAccountId?: string | null;
}

/**
 * Serializes a new payment with DELETE /customers/{id} and DELETE …/external-accounts/{id}: in the
 * payment's transaction, share-locks the rows of every customer it is for and of the external
 * account it names (in one statement, the customers first), so a delete's UPDATE of one
 * of them waits for the payment to commit, and a payment arriving while a delete is under way waits
 * for it and then reads the row as the delete left it. Then refuses a deleted one:
 * CUSTOMER_DELETED (410, BEHAVIORS.md §1.2 "afterwards 410") for a customer, NOT_FOUND (404, what a
 * new quote or transfer to it answers) for the external account. Money already under way is not
 * affected: returns, refunds and failing holds of earlier payments credit the accounts as before.
 */
export async function lockLiveParties(tx: SqlTx, platformId: string, parties: PaymentParties): Promise<void> {
  const present = (ids: readonly (string | null | undefined)[] | undefined) => [...new Set((ids ?? []).filter((id): id is string => typeof id === "string"))];
  const customerIds = present(parties.customerIds);
  const internalIds = present(parties.internalAccountIds);
  const externalId = parties.externalAccountId ?? null;
  if (customerIds.length === 0 && internalIds.length === 0 && externalId === null) return;
  // Customers first (lockCustomer's rule: a customer's row before any other of theirs), then the
  // external account: the arms of a UNION ALL run in order. An account's owner never changes, so
  // reading it unlocked to find whom to lock is safe. One IN list, not ORs: the customers are then
  // found by their key (with ORs PostgreSQL scanned all the platform's customers).
  const rows = await tx.$queryRaw<{ kind: "Customer" | "ExternalAccount"; id: string; deletedAt: Date | null }[]>`
    SELECT 'Customer' AS "kind", c."id"::text AS "id", c."deletedAt" FROM (
      SELECT "id", "deletedAt" FROM "Customer"
      WHERE "platformId" = ${platformId}::uuid AND "id" IN (
        SELECT unnest(${customerIds}::uuid[])
        UNION ALL
        SELECT "customerId" FROM "ExternalAccount" WHERE "id" = ${externalId}::uuid AND "platformId" = ${platformId}::uuid
        UNION ALL
        SELECT "customerId" FROM "InternalAccount" WHERE "id" = ANY(${internalIds}::uuid[]) AND "platformId" = ${platformId}::uuid)
      ORDER BY "id" FOR SHARE
    ) c
    UNION ALL
    SELECT 'ExternalAccount', e."id"::text, e."deletedAt" FROM (
      SELECT "id", "deletedAt" FROM "ExternalAccount" WHERE "id" = ${externalId}::uuid AND "platformId" = ${platformId}::uuid FOR SHARE
    ) e`;
  const customer = rows.find((row) => row.kind === "Customer" && row.deletedAt !== null);
  if (customer) throw customerDeleted(customer.id, customer.deletedAt!);
  const external = rows.find((row) => row.kind === "ExternalAccount");
  if (externalId !== null && external?.deletedAt !== null) {
    const id = formatId("ExternalAccount", externalId);
    throw new ServiceError("NOT_FOUND", `External account ${id} not found: it was deleted${external ? ` at ${external.deletedAt!.toISOString()}` : ""}`, { details: { accountId: id } });
  }
}

/** CUSTOMER_DELETED (410) for a payment of customer `customerId` (bare uuid), deleted at `deletedAt`. */
export function customerDeleted(customerId: string, deletedAt: Date): ServiceError {
  const id = formatId("Customer", customerId);
  return new ServiceError("CUSTOMER_DELETED", `Customer ${id} was deleted at ${deletedAt.toISOString()}: their accounts no longer send or receive payments`, { details: { customerId: id } });
}
