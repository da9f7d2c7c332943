import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { advanceClock } from "../sandbox/advance-clock";
import { createTestApp, type TestApp } from "../testing/test-app";
import { base58Encode } from "./base58";
import { completeLivenessCheck } from "./complete-liveness-check";
import { EXAMPLES, createCustomer } from "./external-account-fixtures";
import { OwnershipChallengeSchema } from "./schemas";
import { evmAddressOf } from "./verify-wallet-signature";

let t: TestApp;
let p: Awaited<ReturnType<TestApp["createTestPlatform"]>>;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  p = await t.createTestPlatform();
  customerId = await createCustomer(t, p.auth);
});
afterAll(() => t.close());

type Platform = typeof p;
const CUSTOMERS = "/customers/external-accounts";

function personalSign(message: string, secretKey: Uint8Array): string {
  const body = new TextEncoder().encode(message);
  const hash = keccak_256(Uint8Array.from([...new TextEncoder().encode(`\x19Ethereum Signed Message:\n${body.length}`), ...body]));
  const rec = secp256k1.sign(hash, secretKey, { prehash: false, format: "recovered" });
  return `0x${Buffer.from([...rec.slice(1), rec[0]! + 27]).toString("hex")}`;
}

/** A FIRST_PARTY Ethereum wallet whose key the test holds. */
async function evmWallet(platform: Platform = p, base = CUSTOMERS) {
  const key = secp256k1.utils.randomSecretKey();
  const address = evmAddressOf(secp256k1.getPublicKey(key, false));
  const owner = base === CUSTOMERS ? { customerId: platform === p ? customerId : await createCustomer(t, platform.auth) } : {};
  const res = await t.call("POST", base, { auth: platform.auth, body: { ...owner, currency: "USDC", ownershipType: "FIRST_PARTY", accountInfo: { accountType: "ETHEREUM_WALLET", address } } });
  expect(res.status, res.text).toBe(201);
  expect(res.json.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
  return { id: res.json.id as string, key, address };
}

const challenge = (id: string, method = "WALLET_SIGNATURE", base = CUSTOMERS, platform: Platform = p) =>
  t.call("POST", `${base}/${id}/challenge`, { auth: platform.auth, body: { method } });
const verify = (id: string, signature: string, base = CUSTOMERS, platform: Platform = p) =>
  t.call("POST", `${base}/${id}/verify`, { auth: platform.auth, body: { signature } });

async function statusEvents(platformId: string, accountId: string) {
  const rows = await t.db.webhookEvent.findMany({ where: { platformId, type: "EXTERNAL_ACCOUNT.STATUS_UPDATED" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((r) => JSON.parse(r.body)).filter((e) => e.data.id === accountId);
}

describe("POST …/{id}/challenge and …/verify (WALLET_SIGNATURE)", () => {
  it("a real EIP-191 signature over messageToSign makes the wallet ACTIVE and writes EXTERNAL_ACCOUNT.STATUS_UPDATED", async () => {
    const wallet = await evmWallet();
    const ch = await challenge(wallet.id);
    expect(ch.status).toBe(201);
    expect(OwnershipChallengeSchema.safeParse(ch.json).success).toBe(true);
    expect(ch.json.method).toBe("WALLET_SIGNATURE");
    expect(ch.json.messageToSign).toContain(wallet.address);
    expect(ch.json.messageToSign).toContain(wallet.id);
    expect(Date.parse(ch.json.expiresAt) - Date.now()).toBeGreaterThan(14 * 60 * 1000);

    const res = await verify(wallet.id, personalSign(ch.json.messageToSign, wallet.key));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: wallet.id, status: "ACTIVE" });
    const events = await statusEvents(p.platform.id, wallet.id);
    expect(events.map((e) => e.data.status)).toEqual(["ACTIVE"]);
    expect(events[0]).toMatchObject({ type: "EXTERNAL_ACCOUNT.STATUS_UPDATED", id: expect.stringMatching(/^Webhook:/) });
    expect((await t.call("GET", `${CUSTOMERS}/${wallet.id}`, { auth: p.auth })).json.status).toBe("ACTIVE");
  });

  it("accepts the sandbox value sandbox-valid-signature", async () => {
    const wallet = await evmWallet();
    await challenge(wallet.id);
    expect((await verify(wallet.id, "sandbox-valid-signature")).json.status).toBe("ACTIVE");
  });

  it("verifies Solana wallets with ed25519 signatures", async () => {
    const secret = ed25519.utils.randomSecretKey();
    const address = base58Encode(ed25519.getPublicKey(secret));
    const created = await t.call("POST", CUSTOMERS, { auth: p.auth, body: { customerId, currency: "USDC", ownershipType: "FIRST_PARTY", accountInfo: { accountType: "SOLANA_WALLET", address } } });
    const ch = await challenge(created.json.id);
    const signature = base58Encode(ed25519.sign(new TextEncoder().encode(ch.json.messageToSign), secret));
    expect((await verify(created.json.id, signature)).json.status).toBe("ACTIVE");
  });

  it("a bad signature answers 400 and leaves the wallet UNVERIFIED; retrying needs a new challenge, which returns it to PENDING_OWNERSHIP_VERIFICATION", async () => {
    const wallet = await evmWallet();
    const ch = await challenge(wallet.id);
    const bad = await verify(wallet.id, personalSign(ch.json.messageToSign, secp256k1.utils.randomSecretKey()));
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "INVALID_INPUT", details: { reason: "SIGNATURE_INVALID", status: "UNVERIFIED" } });
    expect(bad.json.details.errors[0].field).toBe("signature");
    expect((await t.call("GET", `${CUSTOMERS}/${wallet.id}`, { auth: p.auth })).json.status).toBe("UNVERIFIED");

    const again = await verify(wallet.id, personalSign(ch.json.messageToSign, wallet.key));
    expect(again.status).toBe(409);

    const retry = await challenge(wallet.id);
    expect(retry.status).toBe(201);
    expect((await t.call("GET", `${CUSTOMERS}/${wallet.id}`, { auth: p.auth })).json.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    expect((await verify(wallet.id, personalSign(retry.json.messageToSign, wallet.key))).status).toBe(200);
    expect((await statusEvents(p.platform.id, wallet.id)).map((e) => e.data.status)).toEqual(["UNVERIFIED", "PENDING_OWNERSHIP_VERIFICATION", "ACTIVE"]);
  });

  it("a signature after expiresAt answers 400 CHALLENGE_EXPIRED and leaves the wallet UNVERIFIED", async () => {
    const q = await t.createTestPlatform();
    const wallet = await evmWallet(q);
    const ch = await challenge(wallet.id, "WALLET_SIGNATURE", CUSTOMERS, q);
    await advanceClock(t.db, q.platform.id, 15 * 60 + 1);
    const res = await verify(wallet.id, personalSign(ch.json.messageToSign, wallet.key), CUSTOMERS, q);
    expect(res.status).toBe(400);
    expect(res.json.details).toMatchObject({ reason: "CHALLENGE_EXPIRED", status: "UNVERIFIED" });
    expect((await statusEvents(q.platform.id, wallet.id)).map((e) => e.data.status)).toEqual(["UNVERIFIED"]);
  });

  it("a new challenge abandons the old one: only the newest message verifies", async () => {
    const wallet = await evmWallet();
    const old = await challenge(wallet.id);
    const fresh = await challenge(wallet.id);
    expect(fresh.json.messageToSign).not.toBe(old.json.messageToSign);
    const stale = await verify(wallet.id, personalSign(old.json.messageToSign, wallet.key));
    expect(stale.status).toBe(400);
    const retry = await challenge(wallet.id);
    expect((await verify(wallet.id, personalSign(retry.json.messageToSign, wallet.key))).status).toBe(200);
  });

  it("concurrent verifies of one challenge: one 200, the others 409; one ACTIVE event", async () => {
    const wallet = await evmWallet();
    const ch = await challenge(wallet.id);
    const signature = personalSign(ch.json.messageToSign, wallet.key);
    await t.warmPool();
    const results = await Promise.all(Array.from({ length: 5 }, () => verify(wallet.id, signature)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await statusEvents(p.platform.id, wallet.id)).map((e) => e.data.status)).toEqual(["ACTIVE"]);
  });

  it("a challenge racing a DELETE never leaves an outstanding challenge (or its event) on the deleted account", async () => {
    for (let i = 0; i < 10; i++) {
      const wallet = await evmWallet();
      await t.warmPool();
      const [del, ...challenges] = await Promise.all([t.call("DELETE", `${CUSTOMERS}/${wallet.id}`, { auth: p.auth }), challenge(wallet.id), challenge(wallet.id), challenge(wallet.id)]);
      expect(del.status).toBe(204);
      for (const ch of challenges) expect([201, 404]).toContain(ch.status);
      const id = wallet.id.replace("ExternalAccount:", "");
      expect(await t.db.externalAccountOwnershipChallenge.count({ where: { externalAccountId: id, status: "OUTSTANDING" } })).toBe(0);
      const created = challenges.filter((ch) => ch.status === 201).length;
      expect(await t.db.externalAccountOwnershipChallenge.count({ where: { externalAccountId: id } })).toBe(created);
    }
  });

  it("answers 409 when no WALLET_SIGNATURE challenge is outstanding", async () => {
    const wallet = await evmWallet();
    const none = await verify(wallet.id, "sandbox-valid-signature");
    expect(none.status).toBe(409);
    expect(none.json.code).toBe("CONFLICT");
    await challenge(wallet.id, "LIVENESS");
    expect((await verify(wallet.id, "sandbox-valid-signature")).status).toBe(409);
  });

  it("answers 409 for bank accounts, THIRD_PARTY and VASP-hosted wallets, and wallets already ACTIVE", async () => {
    const bank = await t.call("POST", CUSTOMERS, { auth: p.auth, body: { customerId, ...EXAMPLES.GBP_ACCOUNT } });
    const third = await t.call("POST", CUSTOMERS, { auth: p.auth, body: { customerId, ...EXAMPLES.TRON_WALLET } });
    const hosted = await t.call("POST", CUSTOMERS, {
      auth: p.auth,
      body: { customerId, currency: "USDC", ownershipType: "FIRST_PARTY", accountInfo: { accountType: "BASE_WALLET", address: "0x00000000000000000000000000000000000000ff", vaspName: "Example Exchange" } },
    });
    for (const id of [bank.json.id, third.json.id, hosted.json.id]) {
      const res = await challenge(id);
      expect(res.status, id).toBe(409);
      expect(res.json.code).toBe("CONFLICT");
    }
    const wallet = await evmWallet();
    await challenge(wallet.id);
    await verify(wallet.id, "sandbox-valid-signature");
    const active = await challenge(wallet.id);
    expect(active.status).toBe(409);
    expect(active.json.code).toBe("INVALID_STATE_TRANSITION");
  });

  it("validates the bodies and answers 404 for unknown or other platforms' accounts", async () => {
    const wallet = await evmWallet();
    const badMethod = await challenge(wallet.id, "SELFIE");
    expect(badMethod.status).toBe(400);
    expect(badMethod.json.details.errors[0].field).toBe("method");
    const noSignature = await t.call("POST", `${CUSTOMERS}/${wallet.id}/verify`, { auth: p.auth, body: { signatureScheme: "segwit" } });
    expect(noSignature.json.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["signature", "signatureScheme"]);
    const other = await t.createTestPlatform();
    expect((await challenge(wallet.id, "WALLET_SIGNATURE", CUSTOMERS, other)).status).toBe(404);
    expect((await verify(wallet.id, "sandbox-valid-signature", CUSTOMERS, other)).status).toBe(404);
    expect((await challenge("ExternalAccount:nope")).status).toBe(404);
  });

  it("works the same for the platform's own wallets under /platform/external-accounts", async () => {
    const base = "/platform/external-accounts";
    const wallet = await evmWallet(p, base);
    const ch = await challenge(wallet.id, "WALLET_SIGNATURE", base);
    expect(ch.status).toBe(201);
    expect((await challenge(wallet.id, "WALLET_SIGNATURE", CUSTOMERS)).status).toBe(404);
    const res = await verify(wallet.id, personalSign(ch.json.messageToSign, wallet.key), base);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ACTIVE");
    expect(res.json).not.toHaveProperty("customerId");
  });
});

describe("LIVENESS challenges", () => {
  it("answer a hosted verificationLink; passing the check makes the wallet ACTIVE with its event", async () => {
    const wallet = await evmWallet();
    const ch = await challenge(wallet.id, "LIVENESS");
    expect(ch.status).toBe(201);
    expect(OwnershipChallengeSchema.safeParse(ch.json).success).toBe(true);
    expect(ch.json.verificationLink).toMatch(new RegExp(`^https?://[^/]+/verify/liveness/${ch.json.token}$`));
    const done = await completeLivenessCheck(t.db, { token: ch.json.token, isPassed: true });
    expect(done).toMatchObject({ outcome: "PASSED", account: { id: wallet.id, status: "ACTIVE" } });
    expect((await statusEvents(p.platform.id, wallet.id)).map((e) => e.data.status)).toEqual(["ACTIVE"]);
    await expect(completeLivenessCheck(t.db, { token: ch.json.token, isPassed: true })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("concurrent completions of one liveness link (passed and failed): exactly one resolves it, the others CONFLICT; one status event", async () => {
    const wallet = await evmWallet();
    const ch = await challenge(wallet.id, "LIVENESS");
    await t.warmPool();
    const results = await Promise.allSettled([true, false, true, false, true].map((isPassed) => completeLivenessCheck(t.db, { token: ch.json.token, isPassed })));
    const done = results.filter((r) => r.status === "fulfilled");
    expect(done).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect(r.reason).toMatchObject({ code: "CONFLICT" });
    expect((await statusEvents(p.platform.id, wallet.id)).map((e) => e.data.status)).toEqual([done[0]!.value.account.status]);
  });

  it("a failed check leaves the wallet UNVERIFIED; an unknown token is NOT_FOUND", async () => {
    const wallet = await evmWallet();
    const ch = await challenge(wallet.id, "LIVENESS");
    expect((await completeLivenessCheck(t.db, { token: ch.json.token, isPassed: false })).account.status).toBe("UNVERIFIED");
    await expect(completeLivenessCheck(t.db, { token: "nope", isPassed: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
