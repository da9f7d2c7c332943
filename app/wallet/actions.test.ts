// The wallet pages' server actions as the browser calls them: what a link and a session proof let
// the caller see and do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateKeyPair, oidcNonce, openSessionKey, stampPayload } from "@/lib/wallet/crypto";
import { data, openWalletPages } from "./_lib/wallet-pages-fixtures";
import { issueSandboxIdToken } from "./idp/actions";
import {
  bindSealedSession,
  finishAddOauth,
  finishOidcSignIn,
  finishRemoveCredential,
  finishRevokeSession,
  loadQuote,
  loadSignInMethods,
  loadWallet,
  startAddOauth,
  startOtpSignIn,
} from "./actions";

let pages: Awaited<ReturnType<typeof openWalletPages>>;
beforeAll(async () => {
  pages = await openWalletPages();
});
afterAll(async () => pages.close());

describe("bindSealedSession (OIDC / passkey sign-in)", () => {
  it("binds the session key the service sealed, and refuses a stamp by any other key", async () => {
    const wallet = await pages.walletWithLink();
    const s = await pages.signIn(wallet.link);
    const email = "oidc.bind@example.com";
    const linkToken = data(await issueSandboxIdToken(wallet.link, email, null));
    const challenge = data(await startAddOauth(await pages.proof(wallet.link, s), linkToken));
    const oauth = data(await finishAddOauth(await pages.proof(wallet.link, s), linkToken, challenge.requestId, stampPayload(challenge.payloadToSign, s.key)));

    const client = generateKeyPair();
    const sealed = data(await finishOidcSignIn(wallet.link, oauth.id, client.publicKey, data(await issueSandboxIdToken(wallet.link, email, oidcNonce(client.publicKey)))));
    const stranger = generateKeyPair();
    expect(await bindSealedSession(wallet.link, sealed.pending, stampPayload(sealed.pending, stranger))).toMatchObject({ ok: false, error: { code: "PROOF_INVALID" } });

    const sessionKey = await openSessionKey(sealed.encryptedSessionSigningKey, client.privateKey);
    const bound = data(await bindSealedSession(wallet.link, sealed.pending, stampPayload(sealed.pending, sessionKey)));
    expect(bound.sessionId).toBe(sealed.sessionId);
    const view = data(await loadWallet(await pages.proof(wallet.link, { key: sessionKey, binding: bound.binding })));
    expect(view.sessions.find((x) => x.current)?.id).toBe(sealed.sessionId);
  });
});

describe("the finish legs act only on the link's own wallet", () => {
  it("finishRevokeSession with another wallet's session answers NOT_FOUND and leaves that session alone", async () => {
    const mine = await pages.walletWithLink();
    const theirs = await pages.walletWithLink();
    const me = await pages.signIn(mine.link);
    const them = await pages.signIn(theirs.link);
    const before = await pages.t.db.walletSignedRequest.count({ where: { internalAccountId: theirs.uuid } });

    const result = await finishRevokeSession(await pages.proof(mine.link, me), them.sessionId, "", "");

    expect(result).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await pages.activeSessionIds(theirs.accountId)).toEqual([them.sessionId]);
    // no signed-retry challenge was opened for the other wallet either
    expect(await pages.t.db.walletSignedRequest.count({ where: { internalAccountId: theirs.uuid } })).toBe(before);
  });

  it("finishRemoveCredential with another wallet's credential answers NOT_FOUND without telling anything about it", async () => {
    const mine = await pages.walletWithLink();
    const theirs = await pages.walletWithLink();
    const me = await pages.signIn(mine.link);
    const [theirCredential] = await pages.f.credentials(theirs.accountId);

    const result = await finishRemoveCredential(await pages.proof(mine.link, me), theirCredential!.id, "", "");

    expect(result).toMatchObject({ ok: false, error: { code: "NOT_FOUND", message: "That sign-in method is no longer on your wallet." } });
    expect((await pages.f.credentials(theirs.accountId)).map((c) => c.id)).toEqual([theirCredential!.id]);
  });
});

describe("a deleted customer's wallet link", () => {
  it("neither signs in nor shows the wallet or a payment: the wallet is closed", async () => {
    const wallet = await pages.walletWithLink();
    const signedIn = await pages.signIn(wallet.link);
    const [method] = data(await loadSignInMethods(wallet.link));
    expect((await pages.t.call("DELETE", `/customers/${wallet.customerId}`, { auth: pages.f.auth })).status).toBe(200);

    const closed = { ok: false, error: { code: "WALLET_CLOSED", message: "This wallet is closed: its customer account was deleted, so it can no longer sign in or approve payments." } };
    expect(await loadSignInMethods(wallet.link)).toEqual(closed);
    expect(await startOtpSignIn(wallet.link, method!.id)).toEqual(closed);
    expect(await loadWallet(await pages.proof(wallet.link, signedIn))).toEqual(closed);
    expect(await loadQuote(await pages.proof(wallet.link, signedIn), "Quote:01a22714-dcd7-703e-9a45-200f60378743")).toEqual(closed);
  });
});
