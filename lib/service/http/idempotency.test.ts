import { encryptOtpCodeToBundle } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkAccount, newKey, post } from "../stablecoins/stablecoin-fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { newClientKey, walletFixture } from "../wallet-auth/wallet-auth-fixtures";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
});
afterAll(() => t.close());

const storedKeys = async (key: string) => (await t.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "IdempotencyKey" WHERE "key" = ${key}`)[0]!.n;

describe("Idempotency-Key after a refusal", () => {
  it("a 400 that wrote nothing does not use up the key: the corrected request with the same key runs (walk-money M6)", async () => {
    const q = await t.createTestPlatform();
    await linkAccount(t, q.auth, "first");
    const chosen = await linkAccount(t, q.auth, "second");
    const key = newKey();
    const body = { providerTokenIdentifier: `t-${newKey()}`, networkTokenIdentifier: "n", network: "SPARK" };
    const refused = await post(t, q.auth, "/stablecoins", body, key);
    expect([refused.status, refused.json.code]).toEqual([400, "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED"]);
    expect(await storedKeys(key)).toBe(0n);

    const corrected = await post(t, q.auth, "/stablecoins", { ...body, stablecoinProviderAccountId: chosen.id }, key);
    expect([corrected.status, corrected.json.stablecoinProviderAccountId]).toEqual([201, chosen.id]);
    // From now on the key is the corrected request's: its retry replays, another body is refused.
    const again = await post(t, q.auth, "/stablecoins", { ...body, stablecoinProviderAccountId: chosen.id }, key);
    expect([again.status, again.headers.get("idempotent-replayed"), again.json.id]).toEqual([201, "true", corrected.json.id]);
    const other = await post(t, q.auth, "/stablecoins", body, key);
    expect([other.status, other.json.code]).toEqual([409, "CONFLICT"]);
  });

  it("a request-validation 400 and a 404 leave the key free too", async () => {
    const key = `k-${Math.random()}`;
    const headers = { "idempotency-key": key };
    const invalid = await t.call("PATCH", "/config", { auth: p.auth, headers, body: { umaDomain: 42 } });
    expect([invalid.status, invalid.json.code]).toEqual([400, "INVALID_INPUT"]);
    const missing = await t.call("DELETE", "/tokens/Token:0199a0c6-8f5e-7cc2-9a41-2b7d1c0e5f10", { auth: p.auth, headers });
    expect(missing.status).toBe(404);
    expect(await storedKeys(key)).toBe(0n);
    const fixed = await t.call("PATCH", "/config", { auth: p.auth, headers, body: { umaDomain: "corrected.example.com" } });
    expect([fixed.status, fixed.json.umaDomain]).toEqual([200, "corrected.example.com"]);
  });

  it("a refusal that kept a write (a wrong OTP code counted) stays stored: its retry replays and is not counted again", async () => {
    const f = await walletFixture(t);
    const w = await f.wallet();
    const [cred] = await f.credentials(w.accountId);
    const challenge = await t.call("POST", `/auth/credentials/${cred!.id}/challenge`, { auth: f.auth });
    const encryptedOtpBundle = await encryptOtpCodeToBundle("123456", challenge.json.otpEncryptionTargetBundle, newClientKey().publicKey, f.enclavePublicKey);
    const headers = { "idempotency-key": `k-${Math.random()}` };
    const send = () => t.call("POST", `/auth/credentials/${cred!.id}/verify`, { auth: f.auth, headers, body: { type: "EMAIL_OTP", encryptedOtpBundle } });
    const wrong = await send();
    expect([wrong.status, wrong.json.reason]).toEqual([401, "Invalid OTP code"]);
    const retry = await send();
    expect([retry.status, retry.headers.get("idempotent-replayed")]).toEqual([401, "true"]);
    const row = await t.db.walletOtpChallenge.findFirstOrThrow({ where: { authMethodId: cred!.id.replace("AuthMethod:", "") }, orderBy: { createdAt: "desc" } });
    expect(row.failedAttempts).toBe(1);
  });
});
