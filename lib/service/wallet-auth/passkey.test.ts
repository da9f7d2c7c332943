import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { verifyPasskeyAssertion, verifyPasskeyRegistration } from "./passkey";
import { softwareAuthenticator } from "./software-authenticator";
import { newClientKey, walletFixture } from "./wallet-auth-fixtures";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the vectors file is untyped JSON
const V: any = JSON.parse(readFileSync("/work/shared/reference/wallet-vectors.json", "utf8"));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const registrationChallenge = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");

describe("passkey vectors (software authenticator and Chromium)", () => {
  it("verifies the vector registration and assertion (hex challenge as UTF-8 bytes, counter 0 → 5)", async () => {
    const reg = V.passkey.registration.request;
    const stored = await verifyPasskeyRegistration(reg.challenge, reg.attestation);
    expect(stored.credentialId).toBe(reg.attestation.credentialId);
    expect(Buffer.from(stored.publicKey).toString("base64url")).toBe(V.passkey.registration.storedCredentialPublicKeyCoseB64url);
    const auth = V.passkey.authentication;
    expect(await verifyPasskeyAssertion(auth.challenge, auth.verifyRequest.assertion, { ...stored, counter: 0 })).toBe(5);
    // replayed counter, wrong challenge encoding: rejected
    await expect(verifyPasskeyAssertion(auth.challenge, auth.verifyRequest.assertion, { ...stored, counter: 5 })).rejects.toMatchObject({ code: "UNAUTHORIZED", message: "Invalid passkey signature" });
    await expect(verifyPasskeyAssertion(`${auth.challenge.slice(0, -1)}0`, auth.verifyRequest.assertion, { ...stored, counter: 0 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("verifies Chromium's virtual-authenticator output when its origin is configured", async () => {
    const saved = process.env.WEBAUTHN_ORIGINS;
    process.env.WEBAUTHN_ORIGINS = V.passkeyChromium.originUsed;
    try {
      const c = V.passkeyChromium;
      const stored = await verifyPasskeyRegistration(c.registration.challenge, c.registration.attestation);
      expect(await verifyPasskeyAssertion(c.authentication.challenge, c.authentication.assertion, stored)).toBe(c.authentication.newCounter);
    } finally {
      if (saved === undefined) delete process.env.WEBAUTHN_ORIGINS;
      else process.env.WEBAUTHN_ORIGINS = saved;
    }
    // with the default origins the Chromium page origin is refused
    await expect(verifyPasskeyRegistration(V.passkeyChromium.registration.challenge, V.passkeyChromium.registration.attestation)).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });
});

describe("PASSKEY credentials through the API", () => {
  async function passkeyWallet() {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const otp = await f.otpLogin(w.accountId);
    const authenticator = softwareAuthenticator();
    const challenge = registrationChallenge();
    const body = { type: "PASSKEY", accountId: w.accountId, nickname: "Jane's laptop", challenge, attestation: authenticator.register(challenge) };
    const { first, second } = await f.signed("POST", "/auth/credentials", body, otp.key);
    expect(JSON.parse(first.json.payloadToSign).type).toBe("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2");
    expect(second.status, second.text).toBe(201);
    return { f, w, otp, authenticator, body, credential: second.json as { id: string; credentialId: string; nickname: string } };
  }

  it("registers with a verified attestation, then logs in with a WebAuthn assertion over the hex challenge", async () => {
    const { f, w, authenticator, credential } = await passkeyWallet();
    expect(credential).toMatchObject({ type: "PASSKEY", nickname: "Jane's laptop", credentialId: authenticator.credentialId });
    const client = newClientKey();
    const challenge = await t.call("POST", `/auth/credentials/${credential.id}/challenge`, { auth: f.auth, body: { clientPublicKey: client.publicKey } });
    expect(challenge.status).toBe(200);
    expect(challenge.json).toMatchObject({ id: credential.id, type: "PASSKEY", credentialId: authenticator.credentialId, challenge: expect.stringMatching(/^[0-9a-f]{64}$/), requestId: expect.stringMatching(/^Request:/) });

    const verify = (assertion: unknown, requestId: string = challenge.json.requestId) =>
      t.call("POST", `/auth/credentials/${credential.id}/verify`, { auth: f.auth, body: { type: "PASSKEY", assertion }, headers: { "Request-Id": requestId } });
    const res = await verify(authenticator.assert(challenge.json.challenge));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: expect.stringMatching(/^Session:/), type: "PASSKEY", accountId: w.accountId, credentialId: authenticator.credentialId, encryptedSessionSigningKey: expect.any(String) });
    const sessionKey = f.openSessionKey(res.json.encryptedSessionSigningKey, client);
    expect((await f.signed("PATCH", `/internal-accounts/${w.accountId}`, { privateEnabled: true }, sessionKey)).second.status).toBe(200);
    const method = await t.db.walletAuthMethod.findUniqueOrThrow({ where: { id: credential.id.replace("AuthMethod:", "") } });
    expect(method.passkeyCounter).toBe(1);

    // the challenge is single use
    const replay = await verify(authenticator.assert(challenge.json.challenge));
    expect(replay.status).toBe(401);
    expect(replay.json.reason).toBe("requestId already used");
  });

  it("the challenge answers 400 INVALID_INPUT for a clientPublicKey off the curve and stores nothing to verify against", async () => {
    const { f, credential } = await passkeyWallet();
    for (const clientPublicKey of ["02" + "ff".repeat(32), "04" + "11".repeat(64)]) {
      const res = await t.call("POST", `/auth/credentials/${credential.id}/challenge`, { auth: f.auth, body: { clientPublicKey } });
      expect(res.status, res.text).toBe(400);
      expect(res.json.code).toBe("INVALID_INPUT");
      expect(res.json.details.errors).toEqual([{ field: "clientPublicKey", message: expect.stringContaining("P-256 public key in hex that lies on the curve"), constraint: expect.objectContaining({ curve: "P-256" }) }]);
    }
    expect(await t.db.walletSignedRequest.count({ where: { platformId: f.platformId, operation: "PASSKEY_CHALLENGE" } })).toBe(0);
  });

  it("rejects wrong challenge, wrong origin, missing user presence, counter replay, wrong credentialId, missing/expired Request-Id", async () => {
    const { f, authenticator, credential } = await passkeyWallet();
    const client = newClientKey();
    const newChallenge = async () => (await t.call("POST", `/auth/credentials/${credential.id}/challenge`, { auth: f.auth, body: { clientPublicKey: client.publicKey } })).json;
    const verify = (assertion: unknown, requestId?: string) =>
      t.call("POST", `/auth/credentials/${credential.id}/verify`, { auth: f.auth, body: { type: "PASSKEY", assertion }, ...(requestId && { headers: { "Request-Id": requestId } }) });
    const expect401 = async (res: Awaited<ReturnType<typeof verify>>, message = "Invalid passkey signature") => {
      expect(res.status, res.text).toBe(401);
      expect(res.json).toMatchObject({ code: "UNAUTHORIZED", message });
    };

    const c1 = await newChallenge();
    await expect401(await verify(authenticator.assert("ab".repeat(32)), c1.requestId));
    await expect401(await verify(authenticator.assert(c1.challenge, { origin: "https://evil.example" }), c1.requestId));
    await expect401(await verify(authenticator.assert(c1.challenge, { userPresent: false }), c1.requestId));
    await expect401(await verify({ ...authenticator.assert(c1.challenge), credentialId: "AAAAAAAAAAAAAAAAAAAAAA" }, c1.requestId));
    const good = authenticator.assert(c1.challenge, { counter: 7 });
    expect((await verify(good, c1.requestId)).status).toBe(200);
    const c2 = await newChallenge();
    await expect401(await verify(authenticator.assert(c2.challenge, { counter: 7 }), c2.requestId)); // counter not increasing
    const missing = await verify(authenticator.assert(c2.challenge));
    expect(missing.status).toBe(401);
    expect(missing.json.code).toBe("REQUEST_ID_MISSING");
    await f.advance(301);
    const expired = await verify(authenticator.assert(c2.challenge, { counter: 9 }), c2.requestId);
    expect(expired.status).toBe(401);
    expect(expired.json.reason).toBe("requestId expired");

    const noKey = await t.call("POST", `/auth/credentials/${credential.id}/challenge`, { auth: f.auth });
    expect(noKey.status).toBe(400);
    expect(noKey.json.details.errors[0].field).toBe("clientPublicKey");
  });

  it("accepts the legacy sandbox-valid-passkey-signature (still enforcing credentialId and Request-Id)", async () => {
    const { f, authenticator, credential } = await passkeyWallet();
    const client = newClientKey();
    const c = (await t.call("POST", `/auth/credentials/${credential.id}/challenge`, { auth: f.auth, body: { clientPublicKey: client.publicKeyUncompressed } })).json;
    const legacy = { ...authenticator.assert(c.challenge), signature: "sandbox-valid-passkey-signature" };
    const wrongCred = await t.call("POST", `/auth/credentials/${credential.id}/verify`, { auth: f.auth, body: { type: "PASSKEY", assertion: { ...legacy, credentialId: "xyz" } }, headers: { "Request-Id": c.requestId } });
    expect(wrongCred.status).toBe(401);
    const res = await t.call("POST", `/auth/credentials/${credential.id}/verify`, { auth: f.auth, body: { type: "PASSKEY", assertion: legacy }, headers: { "Request-Id": c.requestId } });
    expect(res.status).toBe(200);
    expect(f.openSessionKey(res.json.encryptedSessionSigningKey, client).publicKey).toMatch(/^0[23]/);
  });

  it("400 PASSKEY_CREDENTIAL_ALREADY_EXISTS for a known credentialId; 400 for an attestation over another challenge", async () => {
    const { f, w, otp, body } = await passkeyWallet();
    const dup = await t.call("POST", "/auth/credentials", { auth: f.auth, body });
    expect(dup.status).toBe(400);
    expect(dup.json.code).toBe("PASSKEY_CREDENTIAL_ALREADY_EXISTS");
    const other = softwareAuthenticator();
    const bad = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { ...body, attestation: other.register(registrationChallenge()) } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("INVALID_INPUT");
    expect(bad.json.details.errors[0].field).toBe("attestation");
    // several passkeys per wallet are fine
    const challenge = registrationChallenge();
    const second = await f.signed("POST", "/auth/credentials", { ...body, nickname: "phone", challenge, attestation: other.register(challenge) }, otp.key);
    expect(second.second.status).toBe(201);
    expect((await f.credentials(w.accountId)).filter((c) => c.type === "PASSKEY")).toHaveLength(2);
  });
});
