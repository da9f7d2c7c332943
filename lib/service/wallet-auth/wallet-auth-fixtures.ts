// Test-only helpers for the wallet-auth tests (imported by *.test.ts files only). They act as a
// platform's client would, with the reference client packages (@turnkey/crypto, api-key-stamper).
import { expect } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { decryptCredentialBundle, encryptOtpCodeToBundle, generateP256KeyPair } from "@turnkey/crypto";
import { activateCustomerAccounts } from "../internal-accounts/activate-customer-accounts";
import { endUserTermsConsent } from "../internal-accounts/internal-account-fixtures";
import { advanceClock } from "../sandbox/advance-clock";
import type { TestApp } from "../testing/test-app";

export interface ClientKey {
  privateKey: string;
  /** compressed hex */
  publicKey: string;
  publicKeyUncompressed: string;
}

export const newClientKey = (): ClientKey => generateP256KeyPair();

/** The `Service-Wallet-Signature` value @turnkey/api-key-stamper makes over `payload`. */
export async function stamp(payload: string, key: ClientKey): Promise<string> {
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey, runtimeOverride: "node" });
  return (await stamper.stamp(payload)).stampHeaderValue;
}

let emailCounter = 0;

/** A sandbox platform with helpers around one customer's embedded wallet. */
export async function walletFixture(t: TestApp) {
  const p = await t.createTestPlatform();
  const platformId = p.platform.id;
  const config = await t.call("GET", "/config", { auth: p.auth });
  const enclavePublicKey = config.json.walletEnclavePublicKey as string;

  /** A customer (KYC approved) with an email, and its ACTIVE embedded wallet. */
  async function wallet(options: { email?: string | null; phoneNumber?: string } = {}) {
    const email = options.email === null ? undefined : (options.email ?? `wallet-${++emailCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`);
    const body = {
      customerType: "INDIVIDUAL",
      fullName: "Jane Doe",
      ...(email && { email }),
      ...(options.phoneNumber && { phoneNumber: options.phoneNumber }),
      agreementConsents: [endUserTermsConsent()],
    };
    const res = await t.call("POST", "/customers", { auth: p.auth, body });
    if (res.status !== 201) throw new Error(`customer creation failed: ${res.text}`);
    const customerUuid = (res.json.id as string).replace("Customer:", "");
    await t.db.customer.update({ where: { id: customerUuid }, data: { kycStatus: "APPROVED" } });
    await t.db.$transaction((tx) => activateCustomerAccounts(tx, platformId, customerUuid));
    const account = await t.db.internalAccount.findFirstOrThrow({ where: { platformId, customerId: customerUuid, type: "EMBEDDED_WALLET" } });
    return { accountId: `InternalAccount:${account.id}`, uuid: account.id, email: email ?? null, customerId: res.json.id as string };
  }

  /** A wallet (as `wallet()`) and a virtual card it funds, for delegated keys. */
  async function walletWithCard() {
    // The sandbox issuer refuses funding accounts whose id ends 002 or 003 (random ids do, now and then).
    for (;;) {
      const w = await wallet();
      const card = await t.call("POST", "/cards", { auth: p.auth, body: { cardholderId: w.customerId, form: "VIRTUAL", fundingSources: [w.accountId] } });
      if (card.status === 201) return { ...w, cardId: card.json.id as string };
      if (!/00[23]$/.test(w.uuid)) throw new Error(`card issuance failed: ${card.text}`);
    }
  }

  async function credentials(accountId: string) {
    const res = await t.call("GET", `/auth/credentials?accountId=${encodeURIComponent(accountId)}`, { auth: p.auth });
    expect(res.status).toBe(200);
    return res.json.data as { id: string; type: string; nickname: string; credentialId?: string }[];
  }

  /** The OTP ceremony as a platform's client runs it; returns the session and its private key. */
  async function otpLogin(accountId: string, options: { credentialId?: string; skipChallenge?: string } = {}) {
    const credentialId = options.credentialId ?? (await credentials(accountId)).find((c) => c.type === "EMAIL_OTP")!.id;
    let bundle = options.skipChallenge;
    if (!bundle) {
      const challenge = await t.call("POST", `/auth/credentials/${credentialId}/challenge`, { auth: p.auth });
      expect(challenge.status, challenge.text).toBe(200);
      bundle = challenge.json.otpEncryptionTargetBundle as string;
    }
    const key = newClientKey();
    const encryptedOtpBundle = await encryptOtpCodeToBundle("000000", bundle, key.publicKey, enclavePublicKey);
    const type = (await t.db.walletAuthMethod.findUniqueOrThrow({ where: { id: credentialId.replace("AuthMethod:", "") } })).type;
    const body = { type, encryptedOtpBundle };
    const first = await t.call("POST", `/auth/credentials/${credentialId}/verify`, { auth: p.auth, body });
    expect(first.status, first.text).toBe(202);
    const second = await t.call("POST", `/auth/credentials/${credentialId}/verify`, {
      auth: p.auth,
      body,
      headers: { "service-wallet-signature": await stamp(first.json.payloadToSign, key), "request-id": first.json.requestId },
    });
    expect(second.status, second.text).toBe(200);
    return { session: second.json as { id: string; expiresAt: string; type: string; accountId: string; encryptedSessionSigningKey?: string }, key, credentialId };
  }

  /** First leg (expects 202), then the retry stamped with `key` (or with raw `headers`). */
  async function signed(method: string, path: string, body: unknown, key: ClientKey | null, options: { retryBody?: unknown; headers?: Record<string, string> } = {}) {
    const first = await t.call(method, path, { auth: p.auth, ...(body !== undefined && { body }) });
    expect(first.status, first.text).toBe(202);
    expect(first.json).toMatchObject({ payloadToSign: expect.any(String), requestId: expect.stringMatching(/^Request:/), expiresAt: expect.any(String) });
    const headers = options.headers ?? { "service-wallet-signature": key ? await stamp(first.json.payloadToSign, key) : "sandbox-valid-signature", "request-id": first.json.requestId };
    const retryBody = options.retryBody === undefined ? body : options.retryBody;
    const second = await t.call(method, path, { auth: p.auth, ...(retryBody !== undefined && { body: retryBody }), headers });
    return { first, second };
  }

  /**
   * POST /auth/delegated-keys through its three legs (202 → 202 → 201), each retry stamped with
   * `key` (or the legacy literal for null). `third` is the 201 unless a leg failed.
   */
  async function createDelegatedKey(body: { cardId: string; internalAccountId: string; nickname: string; spendingLimits?: unknown[] }, key: ClientKey | null) {
    const retry = async (leg: { json: { payloadToSign: string; requestId: string } }) => ({
      "service-wallet-signature": key ? await stamp(leg.json.payloadToSign, key) : "sandbox-valid-signature",
      "request-id": leg.json.requestId,
    });
    const first = await t.call("POST", "/auth/delegated-keys", { auth: p.auth, body });
    expect(first.status, first.text).toBe(202);
    const second = await t.call("POST", "/auth/delegated-keys", { auth: p.auth, body, headers: await retry(first) });
    expect(second.status, second.text).toBe(202);
    expect(second.json.delegatedKeyId).toMatch(/^DelegatedKey:/);
    const third = await t.call("POST", "/auth/delegated-keys", { auth: p.auth, body, headers: await retry(second) });
    return { first, second, third };
  }

  /** Decrypts an encryptedSessionSigningKey with the client key and returns the session key pair. */
  function openSessionKey(encryptedSessionSigningKey: string, client: ClientKey): ClientKey {
    const privateKey = decryptCredentialBundle(encryptedSessionSigningKey, client.privateKey);
    return keyFromPrivate(privateKey);
  }

  return { ...p, platformId, enclavePublicKey, wallet, walletWithCard, credentials, otpLogin, signed, createDelegatedKey, openSessionKey, advance: (seconds: number) => advanceClock(t.db, platformId, seconds) };
}


export function keyFromPrivate(privateKeyHex: string): ClientKey {
  const secret = hexToBytes(privateKeyHex);
  return { privateKey: privateKeyHex, publicKey: bytesToHex(p256.getPublicKey(secret, true)), publicKeyUncompressed: bytesToHex(p256.getPublicKey(secret, false)) };
}

/** A sandbox OIDC token (dummy signature) for `claims`, iat/exp around `nowSeconds`. */
export function oidcToken(claims: Record<string, unknown>): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${enc({ alg: "RS256", typ: "JWT" })}.${enc(claims)}.sandbox-signature`;
}
