import type { SqlTx } from "../db";

/**
 * Row lock (FOR UPDATE, bare uuid) on a customer, inside a transaction: changes to what a KYC
 * submission, a contact verification or the customer's one-per-customer flags rely on (documents,
 * owners' shares, contact codes, the default UMA deposit account) serialize on it, as PATCH
 * /customers and POST /verifications do. Take it before any other row lock of the customer's.
 */
export async function lockCustomer(tx: SqlTx, platformId: string, customerId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Customer" WHERE "id" = ${customerId}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
}
