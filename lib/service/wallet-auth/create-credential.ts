import type { Prisma, WalletAuthMethod } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { formatId, uuidv7 } from "../http/ids";
import { now } from "../sandbox/clock";
import { assertEmailOtpEmailFree } from "./assert-email-otp-email-free";
import { getEmbeddedWalletOrThrow } from "./get-embedded-wallet-or-throw";
import { issueOtpChallenge } from "./issue-otp-challenge";
import { checkOidcToken } from "./oidc-token";
import { verifyPasskeyRegistration } from "./passkey";
import type { CredentialCreateRequest } from "./schemas";
import { serializeAuthMethod } from "./serialize";
import { runSignedRetry, type SignedResult, type SignedRetryHeaders } from "./signed-retry";

export type CreatedCredential = ReturnType<typeof serializeAuthMethod> & { otpEncryptionTargetBundle?: string };

/**
 * POST /auth/credentials (SPEC.md "Embedded wallet authentication"). Limits per wallet: one
 * EMAIL_OTP, one SMS_OTP, several distinct passkeys, one OAUTH per (iss, aud, sub). A wallet with
 * no credential gets its first one at once (201); otherwise the add is a signed retry (202 → 201)
 * signed by an active session of the wallet. OTP credentials come back with a fresh
 * otpEncryptionTargetBundle. Throws 400 EMAIL_OTP_/SMS_OTP_/PASSKEY_CREDENTIAL_ALREADY_EXISTS,
 * 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS, CONFLICT (same OAUTH identity), the signed-retry errors.
 */
export async function createCredential(db: Db, input: { platformId: string; request: CredentialCreateRequest; headers: SignedRetryHeaders; fingerprint: string }): Promise<SignedResult<CreatedCredential>> {
  const { platformId, request } = input;
  return db.$transaction(async (tx) => {
    const wallet = await getEmbeddedWalletOrThrow(tx, platformId, request.accountId, { lock: true });
    const at = await now(tx, platformId);
    const existing = await tx.walletAuthMethod.findMany({ where: { platformId, internalAccountId: wallet.id, revokedAt: null } });
    const data = await prepareCredential(tx, { platformId, walletId: wallet.id, customerId: wallet.customerId, request, existing, at });

    const create = async (): Promise<CreatedCredential> => {
      const method = await tx.walletAuthMethod.create({ data: { id: uuidv7(), platformId, internalAccountId: wallet.id, createdAt: at, updatedAt: at, ...data } });
      const body: CreatedCredential = serializeAuthMethod(method);
      if (method.type === "EMAIL_OTP" || method.type === "SMS_OTP") body.otpEncryptionTargetBundle = await issueOtpChallenge(tx, method, at, { enforceRateLimit: false });
      return body;
    };
    if (existing.length === 0) return { kind: "done", value: await create() };
    return runSignedRetry(
      tx,
      {
        platformId,
        internalAccountId: wallet.id,
        operation: "CREATE_CREDENTIAL",
        fingerprint: input.fingerprint,
        headers: input.headers,
        trackCredentialSet: true,
        ...activityFor(request, data, formatId("InternalAccount", wallet.id)),
      },
      create,
    );
  });
}

type CredentialData = Omit<Prisma.WalletAuthMethodUncheckedCreateInput, "id" | "platformId" | "internalAccountId" | "createdAt" | "updatedAt">;

async function prepareCredential(
  tx: Tx,
  input: { platformId: string; walletId: string; customerId: string | null; request: CredentialCreateRequest; existing: WalletAuthMethod[]; at: Date },
): Promise<CredentialData> {
  const { request, existing, platformId } = input;
  switch (request.type) {
    case "EMAIL_OTP": {
      if (existing.some((m) => m.type === "EMAIL_OTP"))
        throw new ServiceError("EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS", "This wallet already has an EMAIL_OTP credential; a wallet holds at most one");
      const email = (await customerContact(tx, platformId, input.customerId)).email;
      if (!email) throw invalidInput([{ field: "accountId", message: "the wallet's customer has no email address; set one on the customer first", constraint: { required: true } }]);
      await assertEmailOtpEmailFree(tx, { platformId, email });
      return { type: "EMAIL_OTP", nickname: email };
    }
    case "SMS_OTP": {
      if (existing.some((m) => m.type === "SMS_OTP"))
        throw new ServiceError("SMS_OTP_CREDENTIAL_ALREADY_EXISTS", "This wallet already has an SMS_OTP credential; a wallet holds at most one");
      const phone = (await customerContact(tx, platformId, input.customerId)).phoneNumber;
      if (!phone) throw invalidInput([{ field: "accountId", message: "the wallet's customer has no phone number; set one on the customer first", constraint: { required: true } }]);
      return { type: "SMS_OTP", nickname: phone };
    }
    case "OAUTH": {
      const identity = checkOidcToken(request.oidcToken, { mode: "create", nowSeconds: Math.floor(input.at.getTime() / 1000) });
      if (existing.some((m) => m.type === "OAUTH" && m.oauthIssuer === identity.iss && m.oauthAudience === identity.aud && m.oauthSubject === identity.sub))
        throw new ServiceError("CONFLICT", "This wallet already has an OAUTH credential for this provider identity (iss, aud, sub)");
      return { type: "OAUTH", nickname: identity.email ?? identity.sub, oauthIssuer: identity.iss, oauthAudience: identity.aud, oauthSubject: identity.sub };
    }
    case "PASSKEY": {
      const dup = await tx.walletAuthMethod.findFirst({ where: { platformId, type: "PASSKEY", credentialId: request.attestation.credentialId, revokedAt: null }, select: { id: true } });
      if (dup) throw new ServiceError("PASSKEY_CREDENTIAL_ALREADY_EXISTS", `WebAuthn credential ${request.attestation.credentialId} is already registered`);
      const passkey = await verifyPasskeyRegistration(request.challenge, request.attestation);
      return {
        type: "PASSKEY",
        nickname: request.nickname,
        credentialId: passkey.credentialId,
        passkeyPublicKey: Buffer.from(passkey.publicKey),
        passkeyCounter: passkey.counter,
        passkeyTransports: passkey.transports,
      };
    }
  }
}

async function customerContact(tx: Tx, platformId: string, customerId: string | null): Promise<{ email: string | null; phoneNumber: string | null }> {
  const customer = customerId ? await tx.customer.findFirst({ where: { id: customerId, platformId }, select: { email: true, phoneNumber: true } }) : null;
  return { email: customer?.email ?? null, phoneNumber: customer?.phoneNumber ?? null };
}

/** The peer's activity names and parameters for each kind of add (WALLET-CRYPTO.md §4 (c)). */
function activityFor(request: CredentialCreateRequest, data: CredentialData, userId: string): { activityType: string; parameters: Record<string, unknown> } {
  switch (request.type) {
    case "EMAIL_OTP":
      return { activityType: "ACTIVITY_TYPE_UPDATE_USER_EMAIL", parameters: { userEmail: data.nickname, userId } };
    case "SMS_OTP":
      return { activityType: "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER", parameters: { userId, userPhoneNumber: data.nickname } };
    case "OAUTH":
      return { activityType: "ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS", parameters: { oauthProviders: [{ oidcToken: request.oidcToken, providerName: data.oauthIssuer }], userId } };
    case "PASSKEY":
      return {
        activityType: "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
        parameters: {
          authenticators: [
            {
              attestation: { attestationObject: request.attestation.attestationObject, clientDataJson: request.attestation.clientDataJson, credentialId: request.attestation.credentialId },
              authenticatorName: request.nickname,
              challenge: request.challenge,
              transports: request.attestation.transports ?? [],
            },
          ],
          userId,
        },
      };
  }
}
