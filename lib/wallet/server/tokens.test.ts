import { beforeAll, describe, expect, it } from "vitest";
import { createBinding, createNonce, createWalletLinkToken, readBinding, readNonce, readWalletLinkToken } from "./tokens";

beforeAll(() => {
  process.env.WALLET_LINK_SECRET = "test-wallet-link-secret";
});

const claims = { platformId: "p1", accountId: "InternalAccount:a", customerId: "Customer:c" };
const NOW = Date.UTC(2026, 0, 1);

describe("wallet link tokens", () => {
  it("round-trips until expiry, then says expired", () => {
    const { token, expiresAt } = createWalletLinkToken(claims, NOW, 60);
    expect(expiresAt).toBe(new Date(NOW + 60_000).toISOString());
    expect(readWalletLinkToken(token, NOW + 59_000)).toEqual({ ok: true, claims: { ...claims, exp: NOW / 1000 + 60 } });
    expect(readWalletLinkToken(token, NOW + 60_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a token whose claims were changed or whose MAC is from another kind", () => {
    const { token } = createWalletLinkToken(claims, NOW);
    const [, mac] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ ...claims, accountId: "InternalAccount:b", exp: NOW / 1000 + 999 })).toString("base64url")}.${mac}`;
    expect(readWalletLinkToken(forged, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(readWalletLinkToken("garbage", NOW)).toEqual({ ok: false, reason: "invalid" });
    // a nonce is signed with a different key: it cannot pass as a link or a binding
    const nonce = createNonce("InternalAccount:a", NOW);
    expect(readWalletLinkToken(nonce, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(readBinding(nonce, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(readNonce(nonce, NOW)).toMatchObject({ ok: true, claims: { accountId: "InternalAccount:a" } });
  });

  it("nonces live one minute and differ each time", () => {
    const a = createNonce("x", NOW);
    expect(a).not.toBe(createNonce("x", NOW));
    expect(readNonce(a, NOW + 61_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("bindings carry the session id and public key", () => {
    const b = createBinding({ accountId: "x", sessionId: "Session:s", publicKey: "02ab" }, new Date(NOW + 1000).toISOString());
    expect(readBinding(b, NOW)).toMatchObject({ ok: true, claims: { sessionId: "Session:s", publicKey: "02ab" } });
  });
});
