import type { Tx } from "../db";
import { invalidInput } from "../http/errors";
import { formatId, uuidv7 } from "../http/ids";
import { assertCustomerUnique, uniqueViolation } from "./assert-customer-unique";
import { customerRuleErrors } from "./customer-rules";
import { profileColumns } from "./customer-columns";
import { assertCurrentVersions, recordAgreementConsents } from "./record-agreement-consents";
import { findCustomer } from "./get-customer-or-throw";
import type { CustomerRow } from "./serialize-customer";
import type { CustomerCreateRequest } from "./schemas";
import { generateUmaAddress, umaAddressKey } from "./uma-address";
import { loadRuleContext } from "./validate-customer-request";
import { provisionCustomerInternalAccounts } from "../internal-accounts/provision-customer-internal-accounts";
import { resolveVerificationAtCreation } from "../verifications/resolve-verification-at-creation";

export interface CreateCustomerInput {
  platformId: string;
  request: CustomerCreateRequest;
}

/**
 * Creates an individual or business customer with its consents, inside the caller's transaction.
 * The one place a customer comes to exist (POST /customers and every bulk CSV row), so work that
 * must happen atomically with it, such as provisioning internal accounts, belongs here.
 * Defaults: platformCustomerId = the new id, a generated umaAddress, currencies = the platform's;
 * kycStatus/kybStatus UNVERIFIED, or APPROVED on regulated platforms (BEHAVIORS.md §1.2, 10.9).
 * Throws: INVALID_INPUT (cross-field rules), END_USER_TERMS_VERSION_NOT_FOUND, CONFLICT (active
 * platformCustomerId taken), UMA_ADDRESS_EXISTS. SPEC.md "Customers and onboarding".
 */
export async function createCustomer(tx: Tx, input: CreateCustomerInput): Promise<CustomerRow> {
  const { platformId, request } = input;
  const ctx = await loadRuleContext(tx, platformId);
  const errors = customerRuleErrors(request, ctx);
  if (errors.length > 0) throw invalidInput(errors);
  assertCurrentVersions(request);

  const platform = await tx.platform.findUniqueOrThrow({ where: { id: platformId }, select: { umaDomain: true, isRegulatedFinancialInstitution: true } });
  const at = ctx.now;
  const id = uuidv7(at.getTime());
  const platformCustomerId = request.platformCustomerId ?? formatId("Customer", id);
  const umaAddress = request.umaAddress ?? generateUmaAddress(platform.umaDomain);
  await assertCustomerUnique(tx, { platformId, platformCustomerId, umaAddress });

  try {
    await tx.customer.create({
      data: {
        currencies: [...ctx.supportedCurrencies],
        ...(profileColumns(request) as object),
        id,
        platformId,
        customerType: request.customerType,
        platformCustomerId,
        activePlatformCustomerId: platformCustomerId,
        umaAddress,
        activeUmaAddress: umaAddressKey(umaAddress),
        kycStatus: platform.isRegulatedFinancialInstitution ? "APPROVED" : "UNVERIFIED",
        createdAt: at,
        updatedAt: at,
      },
    });
  } catch (e) {
    throw uniqueViolation(e, { platformCustomerId, umaAddress }) ?? e;
  }
  await recordAgreementConsents(tx, { platformId, customerId: id, request, at });
  // "Skip verification paperwork" resolves individuals here, before their accounts exist (BEHAVIORS.md §4.5).
  await resolveVerificationAtCreation(tx, { platformId, customerId: id });
  // Account provisioning (BEHAVIORS.md §1.3, 10.2) joins this transaction here.
  await provisionCustomerInternalAccounts(tx, { platformId, customerId: id });
  return (await findCustomer(tx, platformId, id, { isWithBeneficialOwners: true }))!;
}
