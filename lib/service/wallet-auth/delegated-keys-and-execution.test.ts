import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { decideAuthorization } from "../cards/decide-authorization";
import { assertWalletSignedExecution } from "../quotes/assert-wallet-signed-execution";
import { quotesFixture } from "../quotes/quote-fixtures";
import { now } from "../sandbox/clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { keyFromPrivate, newClientKey, oidcToken, stamp, walletFixture, type ClientKey } from "./wallet-auth-fixtures";
import { decryptCredentialBundle } from "@turnkey/crypto";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Leg = { status: number; json: { payloadToSign: string; requestId: string; delegatedKeyId?: string } };

/** A delegated-key fixture: a wallet funding a card, an OTP session on it and the leg helpers. */
async function delegatedKeyFixture() {
  const f = await walletFixture(t);
  const w = await f.walletWithCard();
  const { key } = await f.otpLogin(w.accountId);
  const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "Card key" };
  const post = (headers?: Record<string, string>, b: unknown = body) => t.call("POST", "/auth/delegated-keys", { auth: f.auth, body: b, ...(headers && { headers }) });
  /** The retry of `leg`: its requestId and a stamp over its payloadToSign (by `signer`, default the session key). */
  const signedBy = async (leg: Leg, signer: ClientKey = key) => ({ "service-wallet-signature": await stamp(leg.json.payloadToSign, signer), "request-id": leg.json.requestId });
  /** Legs 1 and 2: a PENDING key and the challenge that would activate it. */
  const toLegTwo = async () => {
    const first = await post();
    expect(first.status, first.text).toBe(202);
    const second = await post(await signedBy(first));
    expect(second.status, second.text).toBe(202);
    return second as Leg;
  };
  const keys = async () => (await t.call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: f.auth })).json.data as { id: string; status: string; publicKey: string }[];
  return { f, w, key, body, post, signedBy, toLegTwo, keys };
}

describe("delegated keys", () => {
  it("creates an ACTIVE service-custodied key by a three-leg signed retry, lists, reads and revokes it", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const { key } = await f.otpLogin(w.accountId);
    const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "Card key", spendingLimits: [{ currencyCode: "USDB", maxPerTransaction: 50000 }] };
    const { third } = await f.createDelegatedKey(body, key);
    expect(third.status, third.text).toBe(201);
    expect(third.json).toEqual({
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
    const id = third.json.id as string;
    expect((await t.call("GET", `/auth/delegated-keys/${id}`, { auth: f.auth })).json).toEqual(third.json);
    expect((await t.call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: f.auth })).json.data.map((k: { id: string }) => k.id)).toEqual([id]);
    expect((await t.call("GET", `/auth/delegated-keys?fundingSourceId=${third.json.fundingSourceId}`, { auth: f.auth })).json.data).toHaveLength(1);
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
    expect(await t.db.walletDelegatedKey.count({ where: { platformId: f.platformId } })).toBe(0);
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
    expect((await f.createDelegatedKey({ cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" }, key)).third.status).toBe(201);
    expect((await t.call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: f.auth })).json.data).toHaveLength(1);
  });
});

describe("delegated keys: the three legs", () => {
  it("leg 1 → 202 (delegated user); leg 2 → the key PENDING and a new 202 (policy) naming it; leg 3 → 201 ACTIVE", async () => {
    const { w, post, signedBy, keys } = await delegatedKeyFixture();
    const first = await post();
    expect(first.status, first.text).toBe(202);
    expect(Object.keys(first.json).sort()).toEqual(["expiresAt", "payloadToSign", "requestId"]);
    expect(JSON.parse(first.json.payloadToSign)).toMatchObject({ type: "ACTIVITY_TYPE_CREATE_DELEGATED_ACCESS", organizationId: w.accountId, parameters: { cardId: w.cardId, nickname: "Card key", requestId: first.json.requestId } });
    expect(await keys()).toEqual([]);

    const second = await post(await signedBy(first));
    expect(second.status, second.text).toBe(202);
    expect(second.json).toEqual({ payloadToSign: expect.any(String), requestId: expect.stringMatching(/^Request:/), expiresAt: expect.any(String), delegatedKeyId: expect.stringMatching(/^DelegatedKey:/) });
    expect(second.json.requestId).not.toBe(first.json.requestId);
    const [pending] = await keys();
    expect(pending).toMatchObject({ id: second.json.delegatedKeyId, status: "PENDING" });
    // the policy payload names the key it grants, so the wallet signs for exactly that key
    expect(JSON.parse(second.json.payloadToSign)).toMatchObject({
      type: "ACTIVITY_TYPE_CREATE_POLICY_V3",
      organizationId: w.accountId,
      parameters: { delegatedKeyId: second.json.delegatedKeyId, publicKey: pending!.publicKey, effect: "EFFECT_ALLOW", requestId: second.json.requestId },
    });

    const third = await post(await signedBy(second));
    expect(third.status, third.text).toBe(201);
    expect(third.json).toMatchObject({ id: second.json.delegatedKeyId, status: "ACTIVE", publicKey: pending!.publicKey });
    expect((await keys()).map((k) => [k.id, k.status])).toEqual([[third.json.id, "ACTIVE"]]);
  });

  it("abandoned after leg 2: the key stays PENDING, is listed, cannot sign (quotes, card authorizations), cannot be revoked and does not block a new creation", async () => {
    const { f, w, key, post, signedBy, toLegTwo, keys } = await delegatedKeyFixture();
    const abandoned = await toLegTwo();
    const pendingId = abandoned.json.delegatedKeyId!;
    expect((await t.call("GET", `/auth/delegated-keys/${pendingId}`, { auth: f.auth })).json.status).toBe("PENDING");

    // quote execution: a stamp by the PENDING key is not a valid signer
    const row = await t.db.walletDelegatedKey.findUniqueOrThrow({ where: { id: pendingId.replace("DelegatedKey:", "") } });
    const pendingKey = { privateKey: row.privateKeyHex, publicKey: row.publicKeyHex, publicKeyUncompressed: "" };
    const payloadToSign = JSON.stringify({ type: "ACTIVITY_TYPE_SIGN_TRANSACTION_V2", timestampMs: "1767225600000", organizationId: w.accountId, parameters: { signWith: w.accountId, unsignedTransaction: "ab" } });
    const execute = async (signer: ClientKey) => assertWalletSignedExecution(t.db, { platformId: f.platformId, internalAccountId: w.uuid, payloadToSign, signature: await stamp(payloadToSign, signer) });
    await expect(execute(pendingKey)).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID" });
    // card authorization: an embedded-wallet source with only a PENDING key is not eligible
    // ACTIVE whatever the random cardholder id's issuer suffix made it, so only the key decides
    const card = await t.db.card.update({ where: { id: w.cardId.replace("Card:", "") }, data: { state: "ACTIVE" } });
    const decide = async () => (await decideAuthorization(t.db, { card, amount: 0n, direction: "DEBIT", descriptor: "COFFEE SHOP X99" })).declinedReason;
    expect(await decide()).toBe("NO_ELIGIBLE_FUNDING_SOURCE");

    const revoke = await t.call("DELETE", `/auth/delegated-keys/${pendingId}`, { auth: f.auth });
    expect([revoke.status, revoke.json.code]).toEqual([400, "INVALID_INPUT"]);
    expect(revoke.json.details.errors[0].message).toMatch(/^is PENDING, not ACTIVE/);

    // a new creation is not blocked by the PENDING key
    const first = await post();
    expect(first.status, first.text).toBe(202);
    const second = await post(await signedBy(first));
    const third = await post(await signedBy(second as Leg));
    expect([third.status, third.json.status]).toEqual([201, "ACTIVE"]);
    expect((await keys()).map((k) => [k.id, k.status])).toEqual([
      [third.json.id, "ACTIVE"],
      [pendingId, "PENDING"],
    ]);
    const activeRow = await t.db.walletDelegatedKey.findUniqueOrThrow({ where: { id: third.json.id.replace("DelegatedKey:", "") } });
    await expect(execute({ privateKey: activeRow.privateKeyHex, publicKey: activeRow.publicKeyHex, publicKeyUncompressed: "" })).resolves.toBeUndefined();
    await expect(execute(pendingKey)).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID" });
    expect(await decide()).toBeNull();
    // the abandoned challenge expires: its key stays PENDING for good
    await f.advance(5 * 60 + 1);
    const late = await post(await signedBy(abandoned, key));
    expect([late.status, late.json.code, late.json.details.reason]).toEqual([401, "WALLET_SIGNATURE_INVALID", "requestId expired"]);
    expect((await t.call("GET", `/auth/delegated-keys/${pendingId}`, { auth: f.auth })).json.status).toBe("PENDING");
  });

  it("409 CONFLICT at every leg while the source has an ACTIVE key; a failed leg leaves its requestId usable after the revoke", async () => {
    const { f, post, signedBy, toLegTwo, keys } = await delegatedKeyFixture();
    const atLegOne = await post();
    const atLegTwo = await toLegTwo();
    const active = await toLegTwo();
    const created = await post(await signedBy(active));
    expect(created.status, created.text).toBe(201);

    const conflicts = [await post(), await post(await signedBy(atLegOne as Leg)), await post(await signedBy(atLegTwo))];
    for (const res of conflicts) {
      expect([res.status, res.json.code]).toEqual([409, "CONFLICT"]);
      expect(res.json.message).toContain(`already has an active delegated key ${created.json.id}`);
      expect(res.json.message).toMatch(/revoke it first/);
    }
    expect((await keys()).map((k) => k.status)).toEqual(["ACTIVE", "PENDING"]);

    expect((await t.call("DELETE", `/auth/delegated-keys/${created.json.id}`, { auth: f.auth })).status).toBe(204);
    const resumed = await post(await signedBy(atLegTwo));
    expect([resumed.status, resumed.json.id, resumed.json.status]).toEqual([201, atLegTwo.json.delegatedKeyId, "ACTIVE"]);
    expect((await keys()).map((k) => [k.id, k.status])).toEqual([
      [created.json.id, "REVOKED"],
      [resumed.json.id, "ACTIVE"],
    ]);
  });

  it("leg 3 must be signed over the new payload by a session of the wallet and repeat the request; the key stays PENDING until it is", async () => {
    const { f, w, key, post, signedBy } = await delegatedKeyFixture();
    const first = await post();
    const firstHeaders = await signedBy(first as Leg);
    const second = (await post(firstHeaders)) as Leg;
    const pendingId = second.json.delegatedKeyId!;
    const stillPending = async () => expect((await t.call("GET", `/auth/delegated-keys/${pendingId}`, { auth: f.auth })).json.status).toBe("PENDING");

    const foreign = await post(await signedBy(second, newClientKey()));
    expect([foreign.status, foreign.json.code, foreign.json.details.reason]).toEqual([401, "WALLET_SIGNATURE_INVALID", "stamp key is not a session of this wallet"]);
    // the first payload's stamp with the new requestId: the signature is over other text
    const stale = await post({ "service-wallet-signature": firstHeaders["service-wallet-signature"], "request-id": second.json.requestId });
    expect([stale.status, stale.json.code, stale.json.details.reason]).toEqual([401, "WALLET_SIGNATURE_INVALID", "signature does not verify over payloadToSign"]);
    const otherBody = await post(await signedBy(second), { cardId: w.cardId, internalAccountId: w.accountId, nickname: "Other" });
    expect([otherBody.status, otherBody.json.code]).toEqual([401, "WALLET_SIGNATURE_BODY_MISMATCH"]);
    const noRequestId = await post({ "service-wallet-signature": await stamp(second.json.payloadToSign, key) });
    expect([noRequestId.status, noRequestId.json.code]).toEqual([401, "REQUEST_ID_MISSING"]);
    await stillPending();

    const ok = await post(await signedBy(second));
    expect([ok.status, ok.json.id, ok.json.status]).toEqual([201, pendingId, "ACTIVE"]);
  });

  it("a consumed requestId cannot be replayed: leg 2 or leg 3 again → 401, no further key", async () => {
    const { f, post, signedBy } = await delegatedKeyFixture();
    const first = (await post()) as Leg;
    const legTwoHeaders = await signedBy(first);
    const second = (await post(legTwoHeaders)) as Leg;
    const legThreeHeaders = await signedBy(second);
    expect((await post(legThreeHeaders)).status).toBe(201);

    for (const headers of [legThreeHeaders, legTwoHeaders]) {
      const replay = await post(headers);
      expect([replay.status, replay.json.code, replay.json.details.reason]).toEqual([401, "WALLET_SIGNATURE_INVALID", "requestId already used"]);
    }
    expect(await t.db.walletDelegatedKey.count({ where: { platformId: f.platformId } })).toBe(1);
  });

  it("the legacy sandbox-valid-signature is accepted on both retries", async () => {
    const { f, body } = await delegatedKeyFixture();
    const { third } = await f.createDelegatedKey(body, null);
    expect([third.status, third.json.status]).toEqual([201, "ACTIVE"]);
  });
});

describe("delegated keys: one ACTIVE key per funding source under concurrency", () => {
  it("two chains at leg 2, their third legs concurrent: one 201, one 409, one ACTIVE key (the other stays PENDING)", async () => {
    const { f, post, signedBy, toLegTwo } = await delegatedKeyFixture();
    const chains = await Promise.all([toLegTwo(), toLegTwo()]);
    const headers = await Promise.all(chains.map((leg) => signedBy(leg)));
    const results = await Promise.all(headers.map((h) => post(h)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const statuses = await t.db.walletDelegatedKey.findMany({ where: { platformId: f.platformId }, select: { status: true } });
    expect(statuses.map((k) => k.status).sort()).toEqual(["ACTIVE", "PENDING"]);
  });

  it("concurrent leg 2s of two chains both create PENDING keys; neither blocks the other", async () => {
    const { f, post, signedBy } = await delegatedKeyFixture();
    const firsts = (await Promise.all([post(), post()])) as Leg[];
    const seconds = await Promise.all(firsts.map(async (leg) => post(await signedBy(leg))));
    expect(seconds.map((r) => r.status)).toEqual([202, 202]);
    expect(await t.db.walletDelegatedKey.count({ where: { platformId: f.platformId, status: "PENDING" } })).toBe(2);
  });

  it("DELETE answers 400 INVALID_INPUT for a key that is not ACTIVE (already REVOKED)", async () => {
    const f = await walletFixture(t);
    const w = await f.walletWithCard();
    const { key } = await f.otpLogin(w.accountId);
    const { third } = await f.createDelegatedKey({ cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" }, key);
    const id = third.json.id as string;
    expect((await t.call("DELETE", `/auth/delegated-keys/${id}`, { auth: f.auth })).status).toBe(204);
    const again = await t.call("DELETE", `/auth/delegated-keys/${id}`, { auth: f.auth });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining("not active"), details: { errors: [{ field: "id", message: expect.stringMatching(/^is REVOKED, not ACTIVE/) }] } });
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
    // walk-wallet W7/W1: the missing header names the failed check, and says this is no 202 flow
    await expect(check(undefined)).rejects.toMatchObject({ code: "WALLET_SIGNATURE_MISSING", details: { reason: "Service-Wallet-Signature missing" }, message: expect.stringContaining("This is not a 202 signed retry") });
    await expect(check("garbage")).rejects.toMatchObject({ code: "WALLET_SIGNATURE_MALFORMED" });
    await expect(check(await stamp(payloadToSign, theirs.key))).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID", details: { reason: "stamp key is not a session of this wallet" } });
    await expect(check(await stamp(payloadToSign, mine.key), `${payloadToSign} `)).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID" });

    // a delegated key of the wallet may sign while ACTIVE
    const created = await f.createDelegatedKey({ cardId: w.cardId, internalAccountId: w.accountId, nickname: "card" }, mine.key);
    const row = await t.db.walletDelegatedKey.findUniqueOrThrow({ where: { id: created.third.json.id.replace("DelegatedKey:", "") } });
    const delegatedStamp = await stamp(payloadToSign, { privateKey: row.privateKeyHex, publicKey: row.publicKeyHex, publicKeyUncompressed: "" });
    await expect(check(delegatedStamp)).resolves.toBeUndefined();
    await t.call("DELETE", `/auth/delegated-keys/${created.third.json.id}`, { auth: f.auth });
    await expect(check(delegatedStamp)).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID" });

    // a revoked session no longer signs
    expect((await f.signed("DELETE", `/auth/sessions/${mine.session.id}`, undefined, mine.key)).second.status).toBe(204);
    await expect(check(await stamp(payloadToSign, mine.key))).rejects.toMatchObject({ code: "WALLET_SIGNATURE_INVALID", details: { reason: "session revoked" } });
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

  it("an agent's execution takes Service-Wallet-Signature too: AUTO checks it at once, an approval when it runs", async () => {
    const f = await quotesFixture(t, { fund: 10_000 });
    const wallet = (await f.accountsOf(f.customerId)).find((a) => a.type === "EMBEDDED_WALLET")!;
    expect((await f.okQuote(wallet.id, 5_000, { immediatelyExecute: true })).status).toBe("COMPLETED");
    const sessionKey = await oauthSessionKey(f, wallet.id);
    const install = async (defaultExecutionMode: "AUTO" | "APPROVAL_REQUIRED") => {
      const policy = { permissions: ["CREATE_QUOTES", "EXECUTE_QUOTES"], defaultExecutionMode, spendingLimits: { currency: "USD", perTransactionLimit: 10_000 } };
      const created = await t.call("POST", "/agents", { auth: f.auth, body: { name: "Payer", customerId: f.customerId, policy } });
      expect(created.status, created.text).toBe(201);
      const redeemed = await t.call("POST", `/agents/device-codes/${created.json.deviceCode.code}/redeem`);
      return { agentId: created.json.agent.id as string, bearer: `Bearer ${redeemed.json.accessToken as string}` };
    };
    const agentQuote = async (bearer: string) => {
      const body = { source: { sourceType: "ACCOUNT", accountId: wallet.id }, destination: { destinationType: "ACCOUNT", accountId: await f.external() }, lockedCurrencySide: "SENDING", lockedCurrencyAmount: 1_000_000 };
      const quote = await t.call("POST", "/agents/me/quotes", { auth: bearer, body });
      expect(quote.status, quote.text).toBe(200);
      return { id: quote.json.id as string, payloadToSign: quote.json.paymentInstructions[0].accountOrWalletInfo.payloadToSign as string };
    };
    const execute = (bearer: string, quoteId: string, headers: Record<string, string> = {}) => t.call("POST", `/agents/me/quotes/${quoteId}/execute`, { auth: bearer, headers });

    const auto = await install("AUTO");
    const quote = await agentQuote(auto.bearer);
    expect((await execute(auto.bearer, quote.id)).json.code).toBe("WALLET_SIGNATURE_MISSING");
    const executed = await execute(auto.bearer, quote.id, { "service-wallet-signature": await stamp(quote.payloadToSign, sessionKey) });
    expect(executed.status, executed.text).toBe(200);
    expect(executed.json).toMatchObject({ status: "APPROVED", quote: { id: quote.id, status: "COMPLETED" } });

    const approval = await install("APPROVAL_REQUIRED");
    const waiting = await agentQuote(approval.bearer);
    const pending = await execute(approval.bearer, waiting.id, { "service-wallet-signature": await stamp(waiting.payloadToSign, sessionKey) });
    expect(pending.json.status).toBe("PENDING_APPROVAL");
    const approved = await t.call("POST", `/agents/${approval.agentId}/actions/${pending.json.id}/approve`, { auth: f.auth });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ status: "APPROVED", quote: { id: waiting.id, status: "COMPLETED" } });
  });
});

/** An OAUTH session on the wallet (its first credential is created directly when it has none yet): its signing key. */
async function oauthSessionKey(f: Awaited<ReturnType<typeof quotesFixture>>, walletId: string): Promise<ClientKey> {
  const iat = Math.floor((await now(t.db, f.platformId)).getTime() / 1000);
  const claims = { iss: "https://accounts.google.com", aud: "client-1", sub: `subject-${walletId}`, iat, exp: iat + 300 };
  const add = await t.call("POST", "/auth/credentials", { auth: f.auth, body: { type: "OAUTH", accountId: walletId, oidcToken: oidcToken(claims) } });
  expect(add.status, add.text).toBe(201);
  const client = newClientKey();
  const nonce = createHash("sha256").update(client.publicKey).digest("hex");
  const session = await t.call("POST", `/auth/credentials/${add.json.id as string}/verify`, { auth: f.auth, body: { type: "OAUTH", clientPublicKey: client.publicKey, oidcToken: oidcToken({ ...claims, nonce }) } });
  expect(session.status, session.text).toBe(200);
  return keyFromPrivate(decryptCredentialBundle(session.json.encryptedSessionSigningKey, client.privateKey));
}
