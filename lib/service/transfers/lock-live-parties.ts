import type { SqlTx } from "../db";
import { ServiceError } from "../http/errors";
import { formatId, parseId } from "../http/ids";

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
  // reading it unlocked to find whom to lock is safe.
  const rows = await tx.$queryRaw<{ kind: "Customer" | "ExternalAccount"; id: string; deletedAt: Date | null }[]>`
    SELECT 'Customer' AS "kind", c."id"::text AS "id", c."deletedAt" FROM (
      SELECT "id", "deletedAt" FROM "Customer"
      WHERE "platformId" = ${platformId}::uuid AND (
        "id" = ANY(${customerIds}::uuid[])
        OR "id" IN (SELECT "customerId" FROM "ExternalAccount" WHERE "id" = ${externalId}::uuid AND "platformId" = ${platformId}::uuid)
        OR "id" IN (SELECT "customerId" FROM "InternalAccount" WHERE "id" = ANY(${internalIds}::uuid[]) AND "platformId" = ${platformId}::uuid))
      ORDER BY "id" FOR SHARE
    ) c
    UNION ALL
    SELECT 'ExternalAccount', e."id"::text, e."deletedAt" FROM (
      SELECT "id", "deletedAt" FROM "ExternalAccount" WHERE "id" = ${externalId}::uuid AND "platformId" = ${platformId}::uuid FOR SHARE
    ) e`;
  const customer = rows.find((row) => row.kind === "Customer" && row.deletedAt !== null);
  if (customer) {
    const id = formatId("Customer", customer.id);
    throw new ServiceError("CUSTOMER_DELETED", `Customer ${id} was deleted at ${customer.deletedAt!.toISOString()}: their accounts no longer send or receive payments`, {
      details: { customerId: id },
    });
  }
  const external = rows.find((row) => row.kind === "ExternalAccount");
  if (externalId !== null && external?.deletedAt !== null) {
    const id = formatId("ExternalAccount", externalId);
    throw new ServiceError("NOT_FOUND", `External account ${id} not found: it was deleted${external ? ` at ${external.deletedAt!.toISOString()}` : ""}`, { details: { accountId: id } });
  }
}

/**
 * lockLiveParties for a transfer, named by the request's account ids (the owners found from them),
 * so it can be sent before the parties' read and go out pipelined with it instead of a round trip
 * after it: customers, then the external account, then the read's internal account, the order
 * lockCustomer keeps. Await it before the first write; its refusal is the caller's (never unhandled).
 */
export function lockTransferParties(tx: SqlTx, platformId: string, request: { internalAccountId: string; externalAccountId: string }): Promise<void> {
  const locking = lockLiveParties(tx, platformId, {
    internalAccountIds: [parseId("InternalAccount", request.internalAccountId)],
    externalAccountId: parseId("ExternalAccount", request.externalAccountId),
  });
  locking.catch(() => undefined);
  return locking;
}
