import type { Db } from "../db";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { lockCustomer } from "../customers/lock-customer";
import type { CustomerRow } from "../customers/serialize-customer";
import { ServiceError, invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { now } from "../sandbox/clock";
import { MAX_CODE_FAILED_ATTEMPTS, codeRateLimited, codeResendWaitSeconds } from "../sca/code-limits";
import type { ContactChannel } from "./contact-requirements";
import { assertVerifiable, CONTACT_LABEL, FAILED_ATTEMPTS, SANDBOX_CONTACT_CODE, SEND_PATH, SENT_AT } from "./send-contact-code";

/**
 * POST /customers/{id}/verify-email/confirm | verify-phone/confirm: checks the code and marks the
 * channel VERIFIED. The code verifies only the contact it was sent to: the customer is locked as
 * PATCH /customers locks it, and a PATCH that replaced the contact cleared the sending. A wrong code
 * is counted (committed although the call fails); after 5 the code accepts no more, the right one
 * included, until a new one is sent. BEHAVIORS.md §9.5, 10.27. Throws: USER_NOT_FOUND,
 * CUSTOMER_DELETED, CONFLICT (not required, already verified, or no code sent yet), INVALID_INPUT
 * (wrong code), RATE_LIMITED (the code took 5 wrong answers; Retry-After = until a new one can be sent).
 */
export async function confirmContactCode(db: Db, input: { platformId: string; customerId: string; channel: ContactChannel; code: string }): Promise<CustomerRow> {
  const { platformId, channel } = input;
  const path = SEND_PATH[channel];
  const outcome = await db.$transaction(async (tx): Promise<{ customer: CustomerRow; error?: undefined } | { error: ServiceError }> => {
    const id = parseId("Customer", input.customerId);
    if (id) await lockCustomer(tx, platformId, id);
    const customer = await getCustomerOrThrow(tx, platformId, input.customerId);
    await assertVerifiable(tx, customer, channel);
    const row = await tx.contactVerification.findUnique({ where: { customerId: customer.id } });
    const sentAt = row?.[SENT_AT[channel]];
    if (!row || !sentAt) throw new ServiceError("CONFLICT", `No code was sent yet: call POST /customers/{customerId}/${path} first`);
    const at = await now(tx, platformId);
    if (row[FAILED_ATTEMPTS[channel]] >= MAX_CODE_FAILED_ATTEMPTS) {
      const wait = codeResendWaitSeconds(sentAt, at);
      const message = `The code took ${MAX_CODE_FAILED_ATTEMPTS} wrong answers and accepts no more: send a new one with POST /customers/{customerId}/${path}${wait > 0 ? ` in ${wait} s` : ""}`;
      return { error: codeRateLimited(message, wait) };
    }
    if (input.code !== SANDBOX_CONTACT_CODE) {
      const failed = row[FAILED_ATTEMPTS[channel]] + 1;
      await tx.contactVerification.update({ where: { customerId: customer.id }, data: { [FAILED_ATTEMPTS[channel]]: failed, updatedAt: at } });
      const left = MAX_CODE_FAILED_ATTEMPTS - failed;
      const error = invalidInput([
        {
          field: "code",
          message: `is not the code sent to the customer's ${CONTACT_LABEL[channel]}; ${left > 0 ? `${left} more wrong answer${left === 1 ? "" : "s"} and it accepts no more` : "it accepts no more"}: check it or request a new one with POST /customers/{customerId}/${path}`,
          constraint: { pattern: "sent code" },
        },
      ]);
      return { error };
    }
    await tx.contactVerification.update({ where: { customerId: customer.id }, data: { [channel]: "VERIFIED", updatedAt: at } });
    return { customer: await getCustomerOrThrow(tx, platformId, input.customerId, { isWithBeneficialOwners: true }) };
  });
  if (outcome.error) throw outcome.error;
  return outcome.customer;
}
