import type { Db } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import type { CustomerRow } from "../customers/serialize-customer";
import { ServiceError, invalidInput } from "../http/errors";
import { now } from "../sandbox/clock";
import type { ContactChannel } from "./contact-requirements";
import { assertVerifiable, SANDBOX_CONTACT_CODE } from "./send-contact-code";

/**
 * POST /customers/{id}/verify-email/confirm | verify-phone/confirm: checks the code and marks the
 * channel VERIFIED. BEHAVIORS.md §9.5. Throws: USER_NOT_FOUND, CUSTOMER_DELETED, CONFLICT (not
 * required, already verified, or no code sent yet), INVALID_INPUT (wrong code).
 */
export async function confirmContactCode(db: Db, input: { platformId: string; customerId: string; channel: ContactChannel; code: string }): Promise<CustomerRow> {
  const { platformId, channel } = input;
  const customer = await getCustomerOrThrow(db, platformId, input.customerId);
  await assertVerifiable(db, customer, channel);
  const row = await db.contactVerification.findUnique({ where: { customerId: customer.id } });
  const path = channel === "email" ? "verify-email" : "verify-phone";
  if (!row?.[channel === "email" ? "emailSentAt" : "phoneSentAt"])
    throw new ServiceError("CONFLICT", `No code was sent yet: call POST /customers/{customerId}/${path} first`);
  if (input.code !== SANDBOX_CONTACT_CODE)
    throw invalidInput([{ field: "code", message: `is not the code sent to the customer; check it or request a new one with POST /customers/{customerId}/${path}`, constraint: { pattern: "sent code" } }]);
  // Not yet VERIFIED in the where clause: of concurrent confirms only one applies; the others get the 409 a later confirm gets.
  const { count } = await db.contactVerification.updateMany({
    where: { customerId: customer.id, platformId, OR: [{ [channel]: null }, { [channel]: { not: "VERIFIED" } }] },
    data: { [channel]: "VERIFIED", updatedAt: await now(db, platformId) },
  });
  if (count === 0) {
    await assertVerifiable(db, customer, channel);
    throw new ServiceError("CONFLICT", `The customer's ${channel === "email" ? "email address" : "phone number"} is already verified`);
  }
  return getCustomerOrThrow(db, platformId, input.customerId, { isWithBeneficialOwners: true });
}
