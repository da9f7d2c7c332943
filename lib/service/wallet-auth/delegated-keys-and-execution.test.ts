import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { assertWalletSignedExecution } from "../quotes/assert-wallet-signed-execution";
import { quotesFixture } from "../quotes/quote-fixtures";
import { now } from "../sandbox/clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { keyFromPrivate, newClientKey, oidcToken, stamp, walletFixture } from "./wallet-auth-fixtures";
import { decryptCredentialBundle } from "@turnkey/crypto";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("delegated keys", () => {
  it("creates an ACTIVE service-custodied key by signed retry, lists, reads and revokes it", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const { key } = await f.otpLogin(w.accountId);
    const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "Card key", spendingLimits: [{ currencyCode: "USDB", maxPerTransaction: 50000 }] };
    const { second } = await f.signed("POST", "/auth/delegated-keys", body, key);
    expect(second.status, second.text).toBe(201);
    expect(second.json).toEqual({
      id: expect.stringMatching(/^DelegatedKey:/),
      cardId: w.cardId,
      fundingSourceId: expect.stringMatching(/^CardFundingSource:[0-9a-f-]{36}$/),
      accountId: w.accountId,
      publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
      nickname: "Card key",
      status: "ACTIVE",
      spendingLimits: [{ currencyCode: "USDB", maxPerTransaction: 50000 }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = second.json.id as string;
    expect((await t.call("GET", `/auth/delegated-keys/${id}`, { auth: f.auth })).json).toEqual(second.json);
    expect((await t.call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: f.auth })).json.data.map((k: { id: string }) => k.id)).toEqual([id]);
    expect((await t.call("GET", `/auth/delegated-keys?fundingSourceId=${second.json.fundingSourceId}`, { auth: f.auth })).json.data).toHaveLength(1);
    expect((await t.call("GET", `/auth/delegated-keys?fundingSourceId=CardFundingSource:00000000-0000-7000-8000-000000000000`, { auth: f.auth })).json.data).toEqual([]);

    expect((await t.call("DELETE", `/auth/delegated-keys/${id}`, { auth: f.auth })).status).toBe(204);
    expect((await t.call("GET", `/auth/delegated-keys/${id}`, { auth: f.auth })).json.status).toBe("REVOKED");
    expect((await t.call("GET", "/auth/delegated-keys/DelegatedKey:00000000-0000-7000-8000-000000000000", { auth: f.auth })).status).toBe(404);
  });

  it("400 for two limits in one currency or a malformed cardId; the creation needs a wallet signature", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const dup = await t.call("POST", "/auth/delegated-keys", {
      auth: f.auth,
      body: { cardId: "card-1", internalAccountId: w.accountId, nickname: "k", spendingLimits: [{ currencyCode: "USDB", maxPerTransaction: 1 }, { currencyCode: "USDB", maxPerTransaction: 2 }] },
    });
    expect(dup.status).toBe(400);
    expect(dup.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["cardId", "spendingLimits.1.currencyCode"]);
    const unsigned = await f.signed("POST", "/auth/delegated-keys", { cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" }, newClientKey());
    expect(unsigned.second.status).toBe(401);
    expect(unsigned.second.json.code).toBe("WALLET_SIGNATURE_INVALID");
  });

  it("the card must be the platform's (404) and funded by the wallet (400): a key is for a card funding source backed by the wallet", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const other = await f.walletWithCard();
    const { key } = await f.otpLogin(w.accountId);
    const unknown = await t.call("POST", "/auth/delegated-keys", { auth: f.auth, body: { cardId: "Card:019a0c6e-8f5e-7cc2-9a41-2b7d1c0e5f10", internalAccountId: w.accountId, nickname: "k" } });
    expect([unknown.status, unknown.json.code]).toEqual([404, "NOT_FOUND"]);
    const foreignPlatform = await (await walletFixture(t)).walletWithCard();
    const elsewhere = await t.call("POST", "/auth/delegated-keys", { auth: f.auth, body: { cardId: foreignPlatform.cardId, internalAccountId: w.accountId, nickname: "k" } });
    expect(elsewhere.status).toBe(404);
    const notFunded = await t.call("POST", "/auth/delegated-keys", { auth: f.auth, body: { cardId: other.cardId, internalAccountId: w.accountId, nickname: "k" } });
    expect([notFunded.status, notFunded.json.code]).toEqual([400, "INVALID_INPUT"]);
    expect(notFunded.json.details.errors.map((e: { field: string }) => e.field)).toEqual(["internalAccountId"]);
    expect((await f.signed("POST", "/auth/delegated-keys", { cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" }, key)).second.status).toBe(201);
    expect((await t.call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: f.auth })).json.data).toHaveLength(1);
  });
});

describe("delegated keys: one ACTIVE key per funding source", () => {
  it("409 CONFLICT for a second key on the same card and wallet, on the first leg and on the retry; after a revoke a new key is 201", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const { key } = await f.otpLogin(w.accountId);
    const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "Card key" };
    // both 202s are taken before any key exists; the second retry meets the first key
    const firstLegs = await Promise.all([1, 2].map(() => t.call("POST", "/auth/delegated-keys", { auth: f.auth, body })));
    const retry = async (leg: (typeof firstLegs)[number]) =>
      t.call("POST", "/auth/delegated-keys", { auth: f.auth, body, headers: { "service-wallet-signature": await stamp(leg.json.payloadToSign, key), "request-id": leg.json.requestId } });
    const created = await retry(firstLegs[0]!);
    expect(created.status, created.text).toBe(201);
    const second = await retry(firstLegs[1]!);
    expect(second.status, second.text).toBe(409);
    expect(second.json.code).toBe("CONFLICT");
    expect(second.json.message).toContain(`already has an active delegated key ${created.json.id}`);
    expect(second.json.message).toMatch(/revoke it first/);
    const firstLeg = await t.call("POST", "/auth/delegated-keys", { auth: f.auth, body });
    expect([firstLeg.status, firstLeg.json.code]).toEqual([409, "CONFLICT"]);

    expect((await t.call("DELETE", `/auth/delegated-keys/${created.json.id}`, { auth: f.auth })).status).toBe(204);
    const replacement = await f.signed("POST", "/auth/delegated-keys", body, key);
    expect([replacement.second.status, replacement.second.json.status]).toEqual([201, "ACTIVE"]);
    expect((await t.call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: f.auth })).json.data.map((k: { status: string }) => k.status)).toEqual(["ACTIVE", "REVOKED"]);
  });

  it("two concurrent signed creates for one source: one 201, one 409, one ACTIVE key", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const { key } = await f.otpLogin(w.accountId);
    const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" };
    const legs = await Promise.all([1, 2].map(() => t.call("POST", "/auth/delegated-keys", { auth: f.auth, body })));
    const headers = await Promise.all(legs.map(async (leg) => ({ "service-wallet-signature": await stamp(leg.json.payloadToSign, key), "request-id": leg.json.requestId })));
    const results = await Promise.all(headers.map((h) => t.call("POST", "/auth/delegated-keys", { auth: f.auth, body, headers: h })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.db.walletDelegatedKey.count({ where: { platformId: f.platformId, status: "ACTIVE" } })).toBe(1);
  });

  it("DELETE answers 400 INVALID_INPUT for a key that is not ACTIVE (already REVOKED, or PENDING)", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const { key } = await f.otpLogin(w.accountId);
    const { second } = await f.signed("POST", "/auth/delegated-keys", { cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" }, key);
    const id = second.json.id as string;
    expect((await t.call("DELETE", `/auth/delegated-keys/${id}`, { auth: f.auth })).status).toBe(204);
    const again = await t.call("DELETE", `/auth/delegated-keys/${id}`, { auth: f.auth });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining("not active"), details: { errors: [{ field: "id", message: expect.stringMatching(/^is REVOKED, not ACTIVE/) }] } });

    const uuid = id.replace("DelegatedKey:", "");
    await t.db.walletDelegatedKey.update({ where: { id: uuid }, data: { status: "PENDING" } });
    const pending = await t.call("DELETE", `/auth/delegated-keys/${id}`, { auth: f.auth });
    expect([pending.status, pending.json.code]).toEqual([400, "INVALID_INPUT"]);
    expect(pending.json.details.errors[0].message).toMatch(/^is PENDING, not ACTIVE/);
    expect((await t.db.walletDelegatedKey.findUniqueOrThrow({ where: { id: uuid } })).status).toBe("PENDING");
  });
});

describe("quote execution from an embedded wallet: assertWalletSignedExecution", () => {
  it("verifies the stamp over the exact payloadToSign by an active session or ACTIVE delegated key of that wallet", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const other = await f.wallet();
    const mine = await f.otpLogin(w.accountId);
    const theirs = await f.otpLogin(other.accountId);
    const payloadToSign = JSON.stringify({ type: "ACTIVITY_TYPE_SIGN_TRANSACTION_V2", timestampMs: "1767225600000", organizationId: w.accountId, parameters: { signWith: w.accountId, unsignedTransaction: "ab", type: "TRANSACTION_TYPE_ETHEREUM" }, generateAppProofs: true });
    const check = (signature: string | undefined, payload = payloadToSign) => assertWalletSignedExecution(t.db, { platformId: f.platformId, internalAccountId: w.uuid, payloadToSign: payload, signature });

    await expect(check(await stamp(payloadToSign, mine.key))).resolves.toBeUndefined();
    await expect(check("sandbox-valid-signature")).resolves.toBeUndefined();
    await expect(check(undefined)).rejects.toMatchObject({ code: "WALLET_SIGNATURE_MISSING" });
    await expect(check("garbage")).rejects.toMatchObject({ code: "WALLET_SIGNATURE_MALFORMED" });
    await expect(check(await stamp(payloadToSign, theirs.key))).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID" });
    await expect(check(await stamp(payloadToSign, mine.key), `${payloadToSign} `)).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID" });

    // a delegated key of the wallet may sign while ACTIVE
    const created = await f.signed("POST", "/auth/delegated-keys", { cardId: w.cardId, internalAccountId: w.accountId, nickname: "card" }, mine.key);
    const row = await t.db.walletDelegatedKey.findUniqueOrThrow({ where: { id: created.second.json.id.replace("DelegatedKey:", "") } });
    const delegatedStamp = await stamp(payloadToSign, { privateKey: row.privateKeyHex, publicKey: row.publicKeyHex, publicKeyUncompressed: "" });
    await expect(check(delegatedStamp)).resolves.toBeUndefined();
    await t.call("DELETE", `/auth/delegated-keys/${created.second.json.id}`, { auth: f.auth });
    await expect(check(delegatedStamp)).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID" });

    // a revoked session no longer signs
    expect((await f.signed("DELETE", `/auth/sessions/${mine.session.id}`, undefined, mine.key)).second.status).toBe(204);
    await expect(check(await stamp(payloadToSign, mine.key))).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID" });
  });
});

describe("POST /quotes/{quoteId}/execute from an embedded wallet (end to end)", () => {
  it("executes with a session stamp over the quote's payloadToSign; another wallet's key or a stamp over other text → 401", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const wallet = (await f.accountsOf(f.customerId)).find((a) => a.type === "EMBEDDED_WALLET")!;
    expect((await f.okQuote(wallet.id, 5_000, { immediatelyExecute: true })).status).toBe("COMPLETED");
    const created = await f.createQuote({ source: { sourceType: "ACCOUNT", accountId: wallet.id }, destination: { destinationType: "ACCOUNT", accountId: await f.external() }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 10_000_000 });
    expect(created.status, created.text).toBe(200);
    const quote = created.json;
    const payloadToSign = quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign as string;

    // an OAUTH session on the wallet (its first credential is created directly when it has none yet)
    const iat = Math.floor((await now(t.db, f.platformId)).getTime() / 1000);
    const claims = { iss: "https://accounts.google.com", aud: "client-1", sub: "quote-subject", iat, exp: iat + 300 };
    // the fixture's customer has no email: the wallet has no credential yet, so the first one is created directly
    expect((await t.call("GET", `/auth/credentials?accountId=${wallet.id}`, { auth: f.auth })).json.data).toEqual([]);
    const add = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "OAUTH", accountId: wallet.id, oidcToken: oidcToken(claims) } });
    expect(add.status, add.text).toBe(201);
    const credentialId = add.json.id as string;
    const client = newClientKey();
    const nonce = createHash("sha256").update(client.publicKey).digest("hex");
    const session = await t.call("POST", `/auth/credentials/${credentialId}/verify`, { auth: f.auth, body: { type: "OAUTH", clientPublicKey: client.publicKey, oidcToken: oidcToken({ ...claims, nonce }) } });
    expect(session.status, session.text).toBe(200);
    const sessionKey = keyFromPrivate(decryptCredentialBundle(session.json.encryptedSessionSigningKey, client.privateKey));

    const foreign = await f.execute(quote.id, { headers: { "service-wallet-signature": await stamp(payloadToSign, newClientKey()) } });
    expect([foreign.status, foreign.json.code]).toEqual([401, "WALLET_SIGNATURE_INVALID"]);
    const otherText = await f.execute(quote.id, { headers: { "service-wallet-signature": await stamp(`${payloadToSign}x`, sessionKey) } });
    expect([otherText.status, otherText.json.code]).toEqual([401, "WALLET_SIGNATURE_INVALID"]);
    expect((await f.getQuote(quote.id)).status).toBe("PENDING");
    const ok = await f.execute(quote.id, { headers: { "service-wallet-signature": await stamp(payloadToSign, sessionKey) } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.status).toBe("COMPLETED");
  });
});
