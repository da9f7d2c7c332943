import type { Customer as CustomerModel } from "@/lib/generated/prisma/client";
import type { SqlTx } from "../db";
import { getContactVerification } from "../contact-verification/contact-requirements";
import { formatId } from "../http/ids";
import type { ScaFactorView } from "./schemas";

/**
 * The customer's usable SCA factors: SMS_OTP once its phone number is verified (implicit, the
 * default), each confirmed TOTP, each confirmed PASSKEY. BEHAVIORS.md §9.4.
 */
export async function availableFactors(db: SqlTx, customer: Pick<CustomerModel, "id" | "platformId" | "region" | "email" | "phoneNumber">): Promise<ScaFactorView[]> {
  const factors: ScaFactorView[] = [];
  const contact = await getContactVerification(db, customer);
  if (customer.phoneNumber && (!contact?.phone || contact.phone === "VERIFIED")) factors.push({ factor: "SMS_OTP" });
  const rows = await db.$queryRaw<{ id: string; factor: string; name: string | null }[]>`
    SELECT "id", "factor", "name" FROM "ScaFactor" WHERE "platformId" = ${customer.platformId}::uuid AND "customerId" = ${customer.id}::uuid AND "status" = 'ACTIVE' ORDER BY "id"`;
  for (const row of rows)
    factors.push({ factor: row.factor as ScaFactorView["factor"], credentialId: formatId("ScaFactor", row.id), ...(row.name !== null && { name: row.name }) });
  return factors;
}
