import type { Tx } from "../db";
import { formatId } from "../http/ids";
import { getCustomerOrThrow } from "../customers/get-customer-or-throw";
import { hasAcceptedEndUserTerms } from "../customers/has-accepted-end-user-terms";
import { now } from "../sandbox/clock";
import { accountTypeFor, supportedCurrencyCodes } from "./account-types";
import { createInternalAccounts, type NewInternalAccount } from "./create-internal-accounts";
import type { InternalAccountRow } from "./serialize-internal-account";
import { createInitialWalletCredentials } from "../wallet-auth/create-initial-wallet-credentials";

/**
 * Gives a customer one internal account per currency it holds that the platform supports
 * (INTERNAL_FIAT for fiat, INTERNAL_CRYPTO for crypto, EMBEDDED_WALLET for USDB), each with its
 * ledger account, in the caller's transaction. On unregulated platforms nothing is provisioned
 * until the end-user terms are accepted. Born ACTIVE when the customer's KYC/KYB is APPROVED, else
 * PENDING until activateCustomerAccounts. Idempotent: call it again after consents are recorded or
 * currencies are added; it creates only what is missing. Returns the accounts it created.
 * BEHAVIORS.md §1.2 (consent), §1.3, 10.2. Throws: USER_NOT_FOUND, CUSTOMER_DELETED.
 */
export async function provisionCustomerInternalAccounts(tx: Tx, input: { platformId: string; customerId: string }): Promise<InternalAccountRow[]> {
  const { platformId } = input;
  const customer = await getCustomerOrThrow(tx, platformId, formatId("Customer", input.customerId));
  const platform = await tx.platform.findUniqueOrThrow({ where: { id: platformId }, select: { isRegulatedFinancialInstitution: true, supportedCurrencies: true } });
  if (!platform.isRegulatedFinancialInstitution && !(await hasAcceptedEndUserTerms(tx, platformId, customer.id))) return [];

  const supported = new Set(supportedCurrencyCodes(platform.supportedCurrencies));
  const status = customer.kycStatus === "APPROVED" ? "ACTIVE" : "PENDING";
  const accounts: NewInternalAccount[] = [];
  for (const currency of customer.currencies) {
    const type = supported.has(currency) ? accountTypeFor(currency, "CUSTOMER") : null;
    if (type) accounts.push({ type, currency, status });
  }
  const at = await now(tx, platformId);
  const created = await createInternalAccounts(tx, { platformId, customerId: customer.id, at, accounts });
  // Embedded wallets are born with their EMAIL_OTP credential (wallet-auth, BEHAVIORS.md §1.3).
  await createInitialWalletCredentials(tx, { platformId, customerEmail: customer.email, accounts: created, at });
  return created;
}
