import type { Db } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { ServiceError } from "../http/errors";
import { now } from "../sandbox/clock";
import { getContactVerification, type ContactChannel } from "./contact-requirements";

export const SANDBOX_CONTACT_CODE = "123456";
const SENT_AT = { email: "emailSentAt", phone: "phoneSentAt" } as const;

/**
 * POST /customers/{id}/verify-email | verify-phone: sends (again) a code to the channel. The
 * sandbox sends nothing; the code is always 123456. BEHAVIORS.md §9.5.
 * Throws: USER_NOT_FOUND, CUSTOMER_DELETED, CONFLICT (channel not required or already verified).
 */
export async function sendContactCode(db: Db, input: { platformId: string; customerId: string; channel: ContactChannel }): Promise<void> {
  const { platformId, channel } = input;
  const customer = await getCustomerOrThrow(db, platformId, input.customerId);
  await assertVerifiable(db, customer, channel);
  const at = await now(db, platformId);
  await db.contactVerification.upsert({
    where: { customerId: customer.id },
    create: { customerId: customer.id, platformId, [SENT_AT[channel]]: at, updatedAt: at },
    update: { [SENT_AT[channel]]: at, updatedAt: at },
  });
}

/** Throws CONFLICT unless the channel is required and still PENDING. */
export async function assertVerifiable(db: Parameters<typeof getContactVerification>[0], customer: Parameters<typeof getContactVerification>[1], channel: ContactChannel): Promise<void> {
  const state = await getContactVerification(db, customer);
  const label = channel === "email" ? "email address" : "phone number";
  if (!state?.[channel])
    throw new ServiceError("CONFLICT", `The customer's provider does not require ${label} verification (only customers of the EU/EEA regions with a ${label} on file)`);
  if (state[channel] === "VERIFIED") throw new ServiceError("CONFLICT", `The customer's ${label} is already verified`);
}
