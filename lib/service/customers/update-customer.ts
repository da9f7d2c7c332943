import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Db, Tx } from "../db";
import { invalidInput } from "../http/errors";
import { formatId, parseId } from "../http/ids";
import { assertEmailOtpEmailFree } from "../wallet-auth/assert-email-otp-email-free";
import { runSignedRetry, type SignedResult, type SignedRetryHeaders } from "../wallet-auth/signed-retry";
import { assertCustomerUnique, uniqueViolation } from "./assert-customer-unique";
import { customerRuleErrors } from "./customer-rules";
import { profileColumns } from "./customer-columns";
import { findCustomer, getCustomerOrThrow } from "./get-customer-or-throw";
import { assertCurrentVersions, recordAgreementConsents } from "./record-agreement-consents";
import type { CustomerRow } from "./serialize-customer";
import type { CustomerUpdateRequest } from "./schemas";
import { umaAddressKey } from "./uma-address";
import { loadRuleContext } from "./validate-customer-request";
import { provisionCustomerInternalAccounts } from "../internal-accounts/provision-customer-internal-accounts";

/**
 * PATCH /customers/{customerId}: fields sent replace their values (EDD fields and businessInfo
 * merge field by field); consents sent are added, consents of other types stay. The row is locked
 * so concurrent patches merge instead of overwriting each other.
 * Changing `email` while the customer's embedded wallet has an EMAIL_OTP credential, or
 * `phoneNumber` with an SMS_OTP credential, is a signed retry (BEHAVIORS.md §1.2): the first call
 * answers a challenge, the repeat signed by an active wallet session applies the change, and the
 * contact field and the credentials tied to it change in that one transaction. Both in one request
 * → 400. Without tied credentials the change applies at once. A changed email or phone number
 * must be verified again.
 * Throws: USER_NOT_FOUND, CUSTOMER_DELETED, INVALID_INPUT (including a changed customerType),
 * END_USER_TERMS_VERSION_NOT_FOUND, UMA_ADDRESS_EXISTS, the signed-retry 401s, 409
 * EMAIL_OTP_CREDENTIAL_SET_CHANGED and 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS (the new email is another
 * wallet's EMAIL_OTP credential). SPEC.md "Customers and onboarding".
 */
export async function updateCustomer(
  db: Db,
  input: { platformId: string; customerId: string; request: CustomerUpdateRequest; headers?: SignedRetryHeaders; fingerprint?: string },
): Promise<SignedResult<CustomerRow>> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const id = parseId("Customer", input.customerId);
    if (id) await tx.$queryRaw`SELECT 1 FROM "Customer" WHERE "id" = ${id}::uuid AND "platformId" = ${platformId}::uuid FOR UPDATE`;
    const existing = await getCustomerOrThrow(tx, platformId, input.customerId);

    const ctx = await loadRuleContext(tx, platformId, existing);
    const errors = customerRuleErrors(request, ctx);
    if (errors.length > 0) throw invalidInput(errors);
    assertCurrentVersions(request);

    const apply = () => applyUpdate(tx, { platformId, existing, request, now: ctx.now });
    const tied = await tiedWalletCredentials(tx, platformId, existing, request);
    if (!tied) return { kind: "done" as const, value: await apply() };
    // Refused before the challenge: a signature would not make the email free.
    if (tied.field === "email") await assertEmailOtpEmailFree(tx, { platformId, email: String(request.email), exceptWalletId: tied.walletId });
    return runSignedRetry(
      tx,
      {
        platformId,
        internalAccountId: tied.walletId,
        operation: "UPDATE_CUSTOMER_CONTACT",
        fingerprint: input.fingerprint ?? "",
        headers: input.headers ?? {},
        trackCredentialSet: true,
        activityType: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
        parameters: {
          encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
          hashFunction: "HASH_FUNCTION_NO_OP",
          payload: bytesToHex(utf8ToBytes(JSON.stringify({ customerId: formatId("Customer", existing.id), [tied.field]: request[tied.field] }))),
          signWith: formatId("InternalAccount", tied.walletId),
        },
      },
      async () => {
        const row = await apply();
        // The credentials tied to the contact now stand for the new address: renamed with it.
        // Checked again under the email's lock: another wallet may have taken it since the challenge.
        if (tied.field === "email") await assertEmailOtpEmailFree(tx, { platformId, email: String(request.email), exceptWalletId: tied.walletId });
        await tx.walletAuthMethod.updateMany({ where: { id: { in: tied.credentialIds } }, data: { nickname: String(request[tied.field]), updatedAt: ctx.now } });
        return row;
      },
    );
  });
}

/**
 * The embedded wallet whose OTP credentials depend on the contact this request changes, if any.
 * Throws INVALID_INPUT when one request changes both contacts of a wallet with OTP credentials.
 */
async function tiedWalletCredentials(tx: Tx, platformId: string, existing: CustomerRow, request: CustomerUpdateRequest) {
  const emailChanges = request.email !== undefined && request.email !== existing.email;
  const phoneChanges = request.phoneNumber !== undefined && request.phoneNumber !== existing.phoneNumber;
  if (!emailChanges && !phoneChanges) return null;
  const wallet = await tx.internalAccount.findFirst({ where: { platformId, customerId: existing.id, type: "EMBEDDED_WALLET" }, select: { id: true } });
  if (!wallet) return null;
  const credentials = await tx.walletAuthMethod.findMany({
    where: { platformId, internalAccountId: wallet.id, revokedAt: null, type: { in: ["EMAIL_OTP", "SMS_OTP"] } },
    select: { id: true, type: true },
  });
  const emailTied = emailChanges && credentials.some((c) => c.type === "EMAIL_OTP");
  const phoneTied = phoneChanges && credentials.some((c) => c.type === "SMS_OTP");
  if (emailChanges && phoneChanges && (emailTied || phoneTied))
    throw invalidInput([
      { field: "email", message: "cannot change in the same request as phoneNumber: the embedded wallet's sign-in credentials follow them; send one change per request", constraint: { oneContactPerRequest: true } },
      { field: "phoneNumber", message: "cannot change in the same request as email; send one change per request", constraint: { oneContactPerRequest: true } },
    ]);
  if (!emailTied && !phoneTied) return null;
  const type = emailTied ? "EMAIL_OTP" : "SMS_OTP";
  return { walletId: wallet.id, field: emailTied ? ("email" as const) : ("phoneNumber" as const), credentialIds: credentials.filter((c) => c.type === type).map((c) => c.id) };
}

async function applyUpdate(tx: Tx, input: { platformId: string; existing: CustomerRow; request: CustomerUpdateRequest; now: Date }): Promise<CustomerRow> {
  const { platformId, existing, request } = input;
  const ctx = { now: input.now };
  {
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
    // A new address or number has not been verified: its channel is PENDING again, and KYC waits for it (BEHAVIORS.md §9.5).
    const emailChanged = request.email !== undefined && request.email !== existing.email;
    const phoneChanged = request.phoneNumber !== undefined && request.phoneNumber !== existing.phoneNumber;
    if (emailChanged || phoneChanged)
      await tx.contactVerification.updateMany({
        where: { customerId: existing.id, platformId },
        data: { ...(emailChanged && { email: null, emailSentAt: null }), ...(phoneChanged && { phone: null, phoneSentAt: null }), updatedAt: ctx.now },
      });
    await recordAgreementConsents(tx, { platformId, customerId: existing.id, request, at: ctx.now });
    // Accepting the end-user terms (unregulated platforms) or adding a currency provisions what is missing.
    if (request.agreementConsents || request.endUserTermsConsent || request.currencies)
      await provisionCustomerInternalAccounts(tx, { platformId, customerId: existing.id });
    return (await findCustomer(tx, platformId, existing.id, { isWithBeneficialOwners: true }))!;
  }
}
