import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { uuidv7 } from "../http/ids";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { lockCustomer } from "../customers/lock-customer";
import { now } from "../sandbox/clock";
import { accountFingerprint } from "./account-fingerprint";
import { accountTypeSpec, isSelfCustodyWallet } from "./account-types";
import { assertExternalAccountUnique, externalAccountUniqueViolation } from "./assert-external-account-unique";
import { REJECTED_ACCOUNT_SUFFIX, verifyBeneficiaryName, type BeneficiaryVerification } from "./beneficiary-verification";
import { beneficiaryName } from "./beneficiary-schemas";
import { externalAccountRuleErrors } from "./external-account-rules";
import { sandboxSuffix } from "./primary-identifier";
import type { ExternalAccount, ExternalAccountCreateRequest } from "./schemas";
import { serializeExternalAccount } from "./serialize-external-account";

export interface CreateExternalAccountInput {
  platformId: string;
  /** With `customerId`: the customer's account (POST /customers/external-accounts); without: the platform's own. */
  request: ExternalAccountCreateRequest;
}

/**
 * Creates a customer's or the platform's external account, answered unmasked (the only time).
 * Sandbox (BEHAVIORS.md §4.4, 10.29): ACTIVE at once, except a FIRST_PARTY self-custody wallet,
 * which starts PENDING_OWNERSHIP_VERIFICATION; bank accounts get a beneficiary name check by the
 * suffix of their primary identifier, and suffix 105 is refused. `defaultUmaDepositAccount`
 * moves the customer's flag to this account (concurrent ones serialize on the customer: the last
 * to commit keeps it).
 * Throws: INVALID_INPUT (cross-field rules), USER_NOT_FOUND, CUSTOMER_DELETED, CONFLICT (same
 * account or platformAccountId), INVALID_BANK_ACCOUNT (suffix 105). SPEC.md "Customers and onboarding".
 */
export async function createExternalAccount(db: Db, input: CreateExternalAccountInput): Promise<ExternalAccount> {
  const { platformId, request } = input;
  const errors = externalAccountRuleErrors(request);
  if (errors.length > 0) throw invalidInput(errors);
  const { beneficiary, ...accountInfo } = request.accountInfo;
  const spec = accountTypeSpec(accountInfo.accountType);
  if (!spec) throw invalidInput([{ field: "accountInfo.accountType", message: "is not a known account type", constraint: { rule: "accountType" } }]);

  return db.$transaction(async (tx) => {
    const customer = request.customerId !== undefined ? await getCustomerOrThrow(tx, platformId, request.customerId) : null;
    const customerId = customer?.id ?? null;
    const fingerprint = accountFingerprint({ customerId, currency: request.currency, accountType: spec.accountType, accountInfo });
    await assertExternalAccountUnique(tx, { platformId, fingerprint, platformAccountId: request.platformAccountId });
    const verification = spec.kind === "BANK" ? checkBankAccount(spec.accountType, accountInfo, beneficiary) : undefined;
    const isPendingOwnership = isSelfCustodyWallet(spec.accountType, accountInfo) && request.ownershipType === "FIRST_PARTY";
    const isDefault = customerId !== null && request.defaultUmaDepositAccount === true;

    // Creates that each make their account the default take turns on the customer's row: each moves the flag from
    // the one committed before it, so all succeed and the last to commit is the default (the unique index never trips).
    if (isDefault) await lockCustomer(tx, platformId, customerId);
    const at = await now(tx, platformId);
    if (isDefault) await tx.externalAccount.updateMany({ where: { platformId, defaultDepositCustomerId: customerId }, data: { defaultDepositCustomerId: null, updatedAt: at } });
    try {
      const row = await tx.externalAccount.create({
        data: {
          id: uuidv7(at.getTime()),
          platformId,
          customerId,
          currency: request.currency,
          accountType: spec.accountType,
          accountInfo: accountInfo as Prisma.InputJsonObject,
          ...(beneficiary !== undefined && { beneficiary: beneficiary as Prisma.InputJsonObject }),
          status: isPendingOwnership ? "PENDING_OWNERSHIP_VERIFICATION" : "ACTIVE",
          ownershipType: request.ownershipType,
          platformAccountId: request.platformAccountId,
          activePlatformAccountId: request.platformAccountId,
          fingerprint,
          activeFingerprint: fingerprint,
          defaultDepositCustomerId: isDefault ? customerId : null,
          beneficiaryVerificationStatus: verification?.status,
          ...(verification?.verifiedData && { beneficiaryVerifiedData: verification.verifiedData }),
          createdAt: at,
          updatedAt: at,
        },
      });
      return serializeExternalAccount(row, { isUnmasked: true });
    } catch (e) {
      throw externalAccountUniqueViolation(e, request.platformAccountId) ?? e;
    }
  });
}

/** The receiving bank's checks at creation, simulated by the primary identifier's suffix. */
function checkBankAccount(accountType: string, accountInfo: Record<string, unknown>, beneficiary: unknown): BeneficiaryVerification {
  const suffix = sandboxSuffix(accountType, accountInfo);
  if (suffix === REJECTED_ACCOUNT_SUFFIX)
    throw new ServiceError("INVALID_BANK_ACCOUNT", `The receiving institution rejected this account (sandbox: identifier ending ${REJECTED_ACCOUNT_SUFFIX})`, {
      details: { field: "accountInfo" },
    });
  return verifyBeneficiaryName(suffix, beneficiaryName(beneficiary));
}
