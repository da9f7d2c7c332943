import { beforeAll, describe, expect, it } from "vitest";
import { generateKeyPair, stampPayload } from "../crypto";
import { checkSessionProof, type SessionProof } from "./proof";
import { createBinding, createNonce, createWalletLinkToken } from "./tokens";

beforeAll(() => {
  process.env.WALLET_LINK_SECRET = "test-wallet-link-secret";
});

const NOW = Date.UTC(2026, 0, 1);
const accountId = "InternalAccount:wallet-1";
const sessionId = "Session:s1";

function setup() {
  const key = generateKeyPair();
  const { token: link } = createWalletLinkToken({ platformId: "p1", accountId, customerId: "Customer:c" }, NOW);
  const binding = createBinding({ accountId, sessionId, publicKey: key.publicKey }, new Date(NOW + 3_600_000).toISOString());
  const nonce = createNonce(accountId, NOW);
  const proof: SessionProof = { link, binding, nonce, stamp: stampPayload(nonce, key) };
  return { key, link, binding, nonce, proof };
}

const active = (ids: string[]) => async () => ids;

describe("checkSessionProof", () => {
  it("passes with a fresh stamp over the nonce by the bound key of a listed session", async () => {
    const { proof, key } = setup();
    expect(await checkSessionProof(proof, NOW + 1000, active([sessionId]))).toMatchObject({ ok: true, sessionId, publicKey: key.publicKey, link: { accountId } });
  });

  it("a proof passes once: sent again, to the same action or another, it is PROOF_INVALID", async () => {
    const { proof } = setup();
    expect(await checkSessionProof(proof, NOW + 1000, active([sessionId]))).toMatchObject({ ok: true });
    expect(await checkSessionProof(proof, NOW + 2000, active([sessionId]))).toMatchObject({ ok: false, code: "PROOF_INVALID", message: expect.stringContaining("already used") });
  });

  it("SESSION_EXPIRED once the service no longer lists the session (expired or revoked)", async () => {
    const { proof } = setup();
    expect(await checkSessionProof(proof, NOW, active(["Session:other"]))).toMatchObject({ ok: false, code: "SESSION_EXPIRED", message: expect.stringContaining("Sign in again") });
  });

  it("PROOF_INVALID for a stamp by another key, a stamp over other text, or a stale nonce", async () => {
    const { proof, nonce } = setup();
    const other = generateKeyPair();
    expect(await checkSessionProof({ ...proof, stamp: stampPayload(nonce, other) }, NOW, active([sessionId]))).toMatchObject({ ok: false, code: "PROOF_INVALID" });
    const { key } = setup();
    expect(key.publicKey).not.toBe(other.publicKey);
    const mine = setup();
    expect(await checkSessionProof({ ...mine.proof, stamp: stampPayload(`${mine.nonce}x`, mine.key) }, NOW, active([sessionId]))).toMatchObject({ ok: false, code: "PROOF_INVALID" });
    expect(await checkSessionProof(mine.proof, NOW + 61_000, active([sessionId]))).toMatchObject({ ok: false, code: "PROOF_INVALID" });
    expect(await checkSessionProof({ ...mine.proof, stamp: "not-a-stamp" }, NOW, active([sessionId]))).toMatchObject({ ok: false, code: "PROOF_INVALID" });
  });

  it("a nonce or binding for another wallet does not pass for this link", async () => {
    const { proof, key } = setup();
    const foreignNonce = createNonce("InternalAccount:wallet-2", NOW);
    expect(await checkSessionProof({ ...proof, nonce: foreignNonce, stamp: stampPayload(foreignNonce, key) }, NOW, active([sessionId]))).toMatchObject({ ok: false, code: "PROOF_INVALID" });
    const foreignBinding = createBinding({ accountId: "InternalAccount:wallet-2", sessionId, publicKey: key.publicKey }, new Date(NOW + 3_600_000).toISOString());
    expect(await checkSessionProof({ ...proof, binding: foreignBinding }, NOW, active([sessionId]))).toMatchObject({ ok: false, code: "SESSION_EXPIRED" });
  });

  it("LINK_EXPIRED / LINK_INVALID before anything else is looked at", async () => {
    const { proof } = setup();
    let asked = false;
    const spy = async () => {
      asked = true;
      return [sessionId];
    };
    expect(await checkSessionProof(proof, NOW + 25 * 3600 * 1000, spy)).toMatchObject({ ok: false, code: "LINK_EXPIRED" });
    expect(await checkSessionProof({ ...proof, link: `${proof.link}x` }, NOW, spy)).toMatchObject({ ok: false, code: "LINK_INVALID" });
    expect(asked).toBe(false);
  });
});
