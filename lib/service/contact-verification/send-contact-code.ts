import type { Db } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { lockCustomer } from "../customers/lock-customer";
import { ServiceError } from "../http/errors";
import { parseId } from "../http/ids";
import { now } from "../sandbox/clock";
import { codeRateLimited, codeResendWaitSeconds } from "../sca/code-limits";
import { getContactVerification, type ContactChannel } from "./contact-requirements";

export const SANDBOX_CONTACT_CODE = "123456";
export const SENT_AT = { email: "emailSentAt", phone: "phoneSentAt" } as const;
export const FAILED_ATTEMPTS = { email: "emailFailedAttempts", phone: "phoneFailedAttempts" } as const;
export const CONTACT_LABEL = { email: "email address", phone: "phone number" } as const;
export const SEND_PATH = { email: "verify-email", phone: "verify-phone" } as const;

/**
 * POST /customers/{id}/verify-email | verify-phone: sends (again) a code to the channel, a new one
 * whose 5 wrong answers are counted afresh; at most once per 30 s of sandbox time per channel (the
 * first sending included). The sandbox sends nothing; the code is always 123456. BEHAVIORS.md §9.5,
 * §9.8, 10.27. Throws: USER_NOT_FOUND, CUSTOMER_DELETED, CONFLICT (channel not required or already
 * verified), RATE_LIMITED (sent less than 30 s ago; Retry-After).
 */
export async function sendContactCode(db: Db, input: { platformId: string; customerId: string; channel: ContactChannel }): Promise<void> {
  const { platformId, channel } = input;
  await db.$transaction(async (tx) => {
    // Locked as PATCH /customers locks it: the code goes to the contact on file at commit, and a PATCH
    // replacing that contact (which clears the sending) runs wholly before or after this.
    const id = parseId("Customer", input.customerId);
    if (id) await lockCustomer(tx, platformId, id);
    const customer = await getCustomerOrThrow(tx, platformId, input.customerId);
    await assertVerifiable(tx, customer, channel);
    const at = await now(tx, platformId);
    const row = await tx.contactVerification.findUnique({ where: { customerId: customer.id } });
    const wait = codeResendWaitSeconds(row?.[SENT_AT[channel]] ?? null, at);
    if (wait > 0)
      throw codeRateLimited(
        `A code was sent to the customer's ${CONTACT_LABEL[channel]} less than 30 seconds ago and can still be confirmed with POST /customers/{customerId}/${SEND_PATH[channel]}/confirm; a new one can be sent in ${wait} s`,
        wait,
      );
    const sending = { [SENT_AT[channel]]: at, [FAILED_ATTEMPTS[channel]]: 0, updatedAt: at };
    await tx.contactVerification.upsert({ where: { customerId: customer.id }, create: { customerId: customer.id, platformId, ...sending }, update: sending });
  });
}

/** Throws CONFLICT unless the channel is required and still PENDING. */
export async function assertVerifiable(db: Parameters<typeof getContactVerification>[0], customer: Parameters<typeof getContactVerification>[1], channel: ContactChannel): Promise<void> {
  const state = await getContactVerification(db, customer);
  const label = CONTACT_LABEL[channel];
  if (!state?.[channel])
    throw new ServiceError("CONFLICT", `The customer's provider does not require ${label} verification (only customers of the EU/EEA regions with a ${label} on file)`);
  if (state[channel] === "VERIFIED") throw new ServiceError("CONFLICT", `The customer's ${label} is already verified`);
}
