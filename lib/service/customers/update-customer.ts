import type { Db } from "../db";
import { invalidInput } from "../http/errors";
import { parseId } from "../http/ids";
import { assertCustomerUnique, uniqueViolation } from "./assert-customer-unique";
import { customerRuleErrors } from "./customer-rules";
import { profileColumns } from "./customer-columns";
import { getCustomerOrThrow } from "./get-customer-or-throw";
import { assertCurrentVersions, recordAgreementConsents } from "./record-agreement-consents";
import { CUSTOMER_INCLUDE, type CustomerRow } from "./serialize-customer";
import type { CustomerUpdateRequest } from "./schemas";
import { umaAddressKey } from "./uma-address";
import { loadRuleContext } from "./validate-customer-request";
import { provisionCustomerInternalAccounts } from "../internal-accounts/provision-customer-internal-accounts";

/**
 * PATCH /customers/{customerId}: fields sent replace their values (EDD fields and businessInfo
 * merge field by field); consents sent are added, consents of other types stay. The row is locked
 * so concurrent patches merge instead of overwriting each other.
 * Throws: USER_NOT_FOUND, CUSTOMER_DELETED, INVALID_INPUT (including a changed customerType),
 * END_USER_TERMS_VERSION_NOT_FOUND, UMA_ADDRESS_EXISTS. SPEC.md "Customers and onboarding".
 */
export async function updateCustomer(
  db: Db,
  input: { platformId: string; customerId: string; request: CustomerUpdateRequest },
): Promise<CustomerRow> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const id = parseId("Customer", input.customerId);
    if (id) await tx.$queryRaw`SELECT 1 FROM "Customer" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
    const existing = await getCustomerOrThrow(tx, platformId, input.customerId);

    const ctx = await loadRuleContext(tx, platformId, existing);
    const errors = customerRuleErrors(request, ctx);
    if (errors.length > 0) throw invalidInput(errors);
    assertCurrentVersions(request);

    const { umaAddress } = request;
    const isNewUmaAddress = umaAddress !== undefined && umaAddressKey(umaAddress) !== existing.activeUmaAddress;
    if (isNewUmaAddress) await assertCustomerUnique(tx, { platformId, umaAddress, exceptCustomerId: existing.id });
    try {
      await tx.customer.update({
        where: { id: existing.id, platformId },
        data: {
          ...profileColumns(request, existing),
          ...(isNewUmaAddress && { umaAddress, activeUmaAddress: umaAddressKey(umaAddress) }),
          updatedAt: ctx.now,
        },
      });
    } catch (e) {
      throw uniqueViolation(e, { umaAddress }) ?? e;
    }
    await recordAgreementConsents(tx, { platformId, customerId: existing.id, request, at: ctx.now });
    // Accepting the end-user terms (unregulated platforms) or adding a currency provisions what is missing.
    if (request.agreementConsents || request.endUserTermsConsent || request.currencies)
      await provisionCustomerInternalAccounts(tx, { platformId, customerId: existing.id });
    return tx.customer.findUniqueOrThrow({ where: { id: existing.id }, include: CUSTOMER_INCLUDE });
  });
}
