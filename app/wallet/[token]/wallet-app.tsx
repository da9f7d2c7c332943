"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/client/action-result";
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { base64urlnopad } from "@scure/base";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { encryptOtpBundle, generateKeyPair, oidcNonce, openSessionKey, openWalletExport, stampPayload, WalletCryptoError } from "@/lib/wallet/crypto";
import { IDP_MESSAGE } from "../idp/idp-form";
import { formatMinor } from "@/lib/wallet/format";
import { clearWalletSession, loadOtpStep, loadWalletSession, saveOtpStep, saveWalletSession, type StoredWalletSession } from "@/lib/wallet/session-store";
import { newIdempotencyKey } from "@/components/use-idempotency-key";
import type { SessionProof } from "@/lib/wallet/server/service";
import { callWalletAction, isNoAnswer } from "../_lib/call-wallet-action";
import { endWalletSession, sessionProof } from "../_lib/end-wallet-session";
import { describeClosedQuote, describeQuoteStatus } from "../_lib/quote-state";
import { localTime } from "../_lib/local-time";
import { clockGapMs } from "@/components/clock-gap";
import type { SignInMethod } from "../_lib/sign-in-methods";
import {
  approveQuote,
  bindSealedSession,
  finishAddOauth,
  finishAddSms,
  startAddSms,
  finishExport,
  startExport,
  finishAddPasskey,
  finishOidcSignIn,
  finishPasskeySignIn,
  startAddOauth,
  finishRemoveCredential,
  passkeyRegistrationOptions,
  startAddPasskey,
  startPasskeySignIn,
  startRemoveCredential,
  type PasskeyAttestation,
  type SealedSession,
  finishOtp,
  finishRevokeSession,
  loadQuote,
  loadSignInMethods,
  loadWallet,
  startOtpSignIn,
  startRevokeSession,
  submitOtp,
  type QuoteApproval,
  type WalletView,
} from "../actions";

/** Refusals that end the tab's session: the user signs in again (or, WALLET_CLOSED, reads why not). */
const SIGN_IN_CODES = new Set(["SESSION_EXPIRED", "PROOF_INVALID", "LINK_EXPIRED", "WALLET_CLOSED"]);

/** Opens the sandbox identity provider in a popup and waits for the OIDC token it posts back. */
function sandboxIdp(link: string, nonce: string | null): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = `/wallet/idp?link=${encodeURIComponent(link)}${nonce ? `&nonce=${nonce}` : ""}`;
    const popup = window.open(url, "sandbox-idp", "width=480,height=640");
    if (!popup) return reject(new Error("the browser blocked the sign-in window"));
    let settled = false;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; oidcToken?: string } | null;
      if (event.origin !== window.location.origin || data?.type !== IDP_MESSAGE || typeof data.oidcToken !== "string") return;
      settled = true;
      cleanup();
      resolve(data.oidcToken);
    };
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      window.setTimeout(() => {
        if (settled) return;
        cleanup();
        reject(new Error("the sign-in window was closed"));
      }, 500);
    }, 500);
    const cleanup = () => {
      window.removeEventListener("message", onMessage);
      window.clearInterval(timer);
    };
    window.addEventListener("message", onMessage);
  });
}

export function WalletApp({ link, accountId, methods: initialMethods, quoteId, appName }: { link: string; accountId: string; methods: SignInMethod[]; quoteId: string | null; appName: string | null }) {
  const [session, setSession] = useState<StoredWalletSession | null>(null);
  const [ready, setReady] = useState(false);
  const [signInNotice, setSignInNotice] = useState<string | null>(null);
  const [methods, setMethods] = useState(initialMethods);

  useEffect(() => {
    setSession(loadWalletSession(accountId));
    setReady(true);
  }, [accountId]);

  const signOut = useCallback(
    (message: string | null) => {
      clearWalletSession(accountId);
      setSession(null);
      setSignInNotice(message);
      // Methods added or removed while signed in are offered (or not) without a reload.
      void callWalletAction(loadSignInMethods, link).then((res) => {
        if (res.ok) setMethods(res.data);
      });
    },
    [accountId, link],
  );

  if (!ready) return <p className="text-zinc-500">Loading…</p>;
  if (!session) {
    return (
      <SignIn
        link={link}
        accountId={accountId}
        methods={methods}
        notice={signInNotice}
        onSignedIn={(s) => {
          saveOtpStep(accountId, null); // signed in: a reload must not bring the code step back
          saveWalletSession(accountId, s);
          setSignInNotice(null);
          setSession(s);
        }}
      />
    );
  }
  return <SignedIn link={link} session={session} quoteId={quoteId} appName={appName} onSignOut={signOut} />;
}

/* ---------------------------------------------------------------- sign in */

/**
 * One code's sign-in, kept while the user presses Sign in again after no answer: the same key pair,
 * bundle and stamp are sent again, the second leg with the same Idempotency-Key, so the service
 * answers the session it opened instead of refusing the code as used.
 */
interface OtpAttempt {
  code: string;
  methodId: string;
  targetBundle: string;
  key: ReturnType<typeof generateKeyPair>;
  encryptedOtpBundle: string;
  idempotencyKey: string;
  /** The first leg's answer, once it came. */
  challenge: { requestId: string; stamp: string } | null;
  /** The first leg got no answer: it may have used the code up. */
  firstLegUnanswered: boolean;
}

function SignIn({ link, accountId, methods, notice, onSignedIn }: { link: string; accountId: string; methods: SignInMethod[]; notice: string | null; onSignedIn: (s: StoredWalletSession) => void }) {
  // Mounted after hydration (WalletApp waits for the tab's storage), so the stored code step is read here.
  const [stored] = useState(() => {
    const step = loadOtpStep(accountId);
    const m = step && methods.find((x) => x.id === step.methodId);
    return m ? { method: m, bundle: step.bundle } : null;
  });
  const [method, setMethod] = useState<SignInMethod | null>(stored?.method ?? null);
  const [bundle, setBundle] = useState<{ otpEncryptionTargetBundle: string; enclavePublicKey: string } | null>(stored?.bundle ?? null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<OtpAttempt | null>(null);
  const otpMethods = methods.filter((m) => m.type === "EMAIL_OTP" || m.type === "SMS_OTP");
  const passkeys = methods.filter((m) => m.type === "PASSKEY");
  const oidc = methods.filter((m) => m.type === "OAUTH");

  async function useOidc(m: SignInMethod) {
    setBusy(true);
    setError(null);
    try {
      const client = generateKeyPair();
      const oidcToken = await sandboxIdp(link, oidcNonce(client.publicKey));
      const sealed = await callWalletAction(finishOidcSignIn, link, m.id, client.publicKey, oidcToken);
      if (!sealed.ok) return setError(sealed.error.message);
      await completeSealed(sealed.data, client.privateKey);
    } catch (e) {
      setError(e instanceof WalletCryptoError ? e.message : `Signing in with the identity provider did not complete (${e instanceof Error ? e.message : "cancelled"}). Try again.`);
    } finally {
      setBusy(false);
    }
  }

  /** Opens the sealed session key here, then proves it to the server by stamping its pending token. */
  async function completeSealed(sealed: SealedSession, clientPrivateKey: string) {
    const key = await openSessionKey(sealed.encryptedSessionSigningKey, clientPrivateKey);
    const bound = await callWalletAction(bindSealedSession, link, sealed.pending, stampPayload(sealed.pending, key));
    if (!bound.ok) return setError(bound.error.message);
    onSignedIn({ key, binding: bound.data.binding, sessionId: bound.data.sessionId, expiresAt: bound.data.expiresAt });
  }

  async function usePasskey(m: SignInMethod) {
    setBusy(true);
    setError(null);
    try {
      const client = generateKeyPair();
      const challenge = await callWalletAction(startPasskeySignIn, link, m.id, client.publicKeyUncompressed);
      if (!challenge.ok) return setError(challenge.error.message);
      const response = await startAuthentication({
        optionsJSON: {
          // the hex challenge's UTF-8 bytes are the WebAuthn challenge
          challenge: base64urlnopad.encode(utf8ToBytes(challenge.data.challenge)),
          allowCredentials: [{ id: challenge.data.credentialId, type: "public-key" }],
          rpId: window.location.hostname,
          userVerification: "preferred",
          timeout: 60_000,
        },
      });
      const sealed = await callWalletAction(finishPasskeySignIn, link, m.id, challenge.data.requestId, {
        credentialId: response.id,
        clientDataJson: response.response.clientDataJSON,
        authenticatorData: response.response.authenticatorData,
        signature: response.response.signature,
        userHandle: response.response.userHandle ?? null,
      });
      if (!sealed.ok) return setError(sealed.error.message);
      await completeSealed(sealed.data, client.privateKey);
    } catch (e) {
      setError(e instanceof WalletCryptoError ? e.message : `The passkey prompt did not complete (${e instanceof Error ? e.message : "cancelled"}). Try again.`);
    } finally {
      setBusy(false);
    }
  }

  async function sendCode(m: SignInMethod) {
    setBusy(true);
    setError(null);
    const res = await callWalletAction(startOtpSignIn, link, m.id);
    setBusy(false);
    if (!res.ok) return setError(res.error.code === "RATE_LIMITED" ? "A code was sent moments ago. Wait 30 seconds before asking for another." : res.error.message);
    saveOtpStep(accountId, { methodId: m.id, bundle: res.data });
    setMethod(m);
    setBundle(res.data);
  }

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    if (!method || !bundle) return;
    setBusy(true);
    setError(null);
    try {
      const typed = code.trim();
      let a = attempt.current;
      if (!a || a.code !== typed || a.methodId !== method.id || a.targetBundle !== bundle.otpEncryptionTargetBundle) {
        // The key pair is made here and its private half never leaves this browser.
        const key = generateKeyPair();
        const encryptedOtpBundle = await encryptOtpBundle(typed, bundle.otpEncryptionTargetBundle, key.publicKey, bundle.enclavePublicKey);
        a = { code: typed, methodId: method.id, targetBundle: bundle.otpEncryptionTargetBundle, key, encryptedOtpBundle, idempotencyKey: newIdempotencyKey(), challenge: null, firstLegUnanswered: false };
        attempt.current = a;
      }
      if (!a.challenge) {
        const first = await callWalletAction(submitOtp, link, method.id, a.encryptedOtpBundle);
        if (!first.ok) {
          if (isNoAnswer(first.error)) a.firstLegUnanswered = true;
          else attempt.current = null; // refused: the next press starts afresh
          if (first.error.code === "OTP_EXPIRED" && a.firstLegUnanswered) return setError("The connection dropped after this code was checked, so it cannot be used again. Send a new code.");
          return setError(first.error.message);
        }
        a.challenge = { requestId: first.data.requestId, stamp: stampPayload(first.data.payloadToSign, a.key) };
      }
      const second = await callWalletAction(finishOtp, link, method.id, a.encryptedOtpBundle, a.challenge.requestId, a.challenge.stamp, a.idempotencyKey);
      if (!second.ok) {
        if (!isNoAnswer(second.error)) attempt.current = null;
        return setError(second.error.message);
      }
      attempt.current = null;
      onSignedIn({ key: a.key, binding: second.data.binding, sessionId: second.data.sessionId, expiresAt: second.data.expiresAt });
    } catch (e) {
      if (e instanceof WalletCryptoError) return setError(`${e.message} Nothing was sent. Ask for a new code.`);
      throw e;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Sign in to your wallet" description="Your key is created in this browser and never leaves it.">
      <div className="space-y-4">
        <p className="text-sm text-zinc-600" data-testid="wallet-tab-note">
          Signed in in another tab? Each tab signs in on its own: your key is kept in that tab only, and is gone when you close it.
        </p>
        {notice && (
          <Notice tone="warning" testId="wallet-signin-notice">
            {notice}
          </Notice>
        )}
        {methods.length === 0 && <Notice tone="warning">This wallet has no email, SMS or passkey sign-in. Ask the platform for help.</Notice>}
        {!bundle ? (
          <div className="flex flex-wrap gap-2">
            {oidc.map((m) => (
              <Button key={m.id} onClick={() => useOidc(m)} disabled={busy}>
                Continue with Google (sandbox) as {m.label}
              </Button>
            ))}
            {passkeys.map((m) => (
              <Button key={m.id} onClick={() => usePasskey(m)} disabled={busy}>
                Use passkey “{m.label}”
              </Button>
            ))}
            {otpMethods.map((m) => (
              <Button key={m.id} onClick={() => sendCode(m)} disabled={busy}>
                {m.type === "EMAIL_OTP" ? "Email" : "Text"} a code to {m.label}
              </Button>
            ))}
          </div>
        ) : (
          <form onSubmit={verify} className="space-y-3">
            <p>
              We sent a 6-digit code to <strong>{method?.label}</strong>.
            </p>
            <label className="block">
              <span className="mb-1 block font-medium text-zinc-800">Code</span>
              <Input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
            </label>
            <div className="flex gap-2">
              <Button type="submit" disabled={busy || code.trim().length === 0}>
                Sign in
              </Button>
              <Button variant="ghost" onClick={() => (method ? sendCode(method) : undefined)} disabled={busy}>
                Send a new code
              </Button>
            </div>
          </form>
        )}
        {busy && <WorkingNote />}
        {error && (
          <Notice tone="error" testId="wallet-signin-error">
            {error}
          </Notice>
        )}
      </div>
    </Card>
  );
}

/* ---------------------------------------------------------------- signed in */

function useProof(link: string, session: StoredWalletSession) {
  return useCallback(async (): Promise<ActionResult<SessionProof>> => sessionProof(link, session), [link, session]);
}

interface PendingSignature {
  title: string;
  summary: React.ReactNode;
  payloadToSign: string;
  confirmLabel: string;
  onSigned: (signature: string) => Promise<void>;
}

function SignedIn({ link, session, quoteId, appName, onSignOut }: { link: string; session: StoredWalletSession; quoteId: string | null; appName: string | null; onSignOut: (message: string | null) => void }) {
  const proof = useProof(link, session);
  const [view, setView] = useState<WalletView | null>(null);
  const [quote, setQuote] = useState<QuoteApproval | null>(null);
  const [pending, setPending] = useState<PendingSignature | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [nickname, setNickname] = useState("");
  const [mnemonic, setMnemonic] = useState<string | null>(null);
  /** This page approved the quote: the success notice says so, not a second card. */
  const [approvedHere, setApprovedHere] = useState(false);
  /** How far the platform's clock runs ahead of this browser's (its expiresAt are on it); null until it answered. */
  const [gap, setGap] = useState<number | null>(null);

  /** Runs an action that needs a proven session; a dead session sends the user back to sign-in (null). */
  const runProven = useCallback(
    async <T,>(run: (p: SessionProof) => Promise<ActionResult<T>>): Promise<ActionResult<T> | null> => {
      const p = await proof();
      const res = p.ok ? await callWalletAction(run, p.data) : p;
      if (!res.ok && SIGN_IN_CODES.has(res.error.code)) {
        onSignOut(res.error.message);
        return null;
      }
      return res;
    },
    [proof, onSignOut],
  );

  /** runProven, its failure shown as the page's error. */
  const withProof = useCallback(
    async <T,>(run: (p: SessionProof) => Promise<ActionResult<T>>): Promise<T | null> => {
      const res = await runProven(run);
      if (!res) return null;
      if (res.ok) return res.data;
      setError(res.error.message);
      return null;
    },
    [runProven],
  );

  const reloadQuote = useCallback(async () => {
    if (!quoteId) return;
    const q = await withProof((p) => loadQuote(p, quoteId));
    if (!q) return;
    setGap(clockGapMs(q.platformNow, Date.now()));
    setQuote(q);
  }, [withProof, quoteId]);

  /** Reads the wallet (and the quote) again; answers whether the wallet could be read. */
  const refresh = useCallback(async (): Promise<boolean> => {
    const v = await withProof((p) => loadWallet(p));
    if (v) {
      setGap(clockGapMs(v.platformNow, Date.now()));
      setView(v);
    }
    await reloadQuote();
    return v !== null;
  }, [withProof, reloadQuote]);

  /**
   * The signed leg of a change to the sessions or sign-in methods. With no answer it may have been
   * done: the lists are read again, so the user sees whether before trying again (a passkey added
   * twice otherwise).
   */
  const finishChange = useCallback(
    async <T,>(run: (p: SessionProof) => Promise<ActionResult<T>>): Promise<T | null> => {
      const res = await runProven(run);
      if (!res) return null;
      if (res.ok) return res.data;
      if (!isNoAnswer(res.error)) {
        setError(res.error.message);
        return null;
      }
      const reread = await refresh();
      setError(
        reread
          ? "No answer came back, so this may already have been done. The lists below are up to date: check them before trying again."
          : "No answer came back, so this may already have been done. Once you are back online, reload the page and check the lists below before trying again.",
      );
      return null;
    },
    [runProven, refresh],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // A request left open past its expiry turns into "expired" by itself, not when the user tries to approve it.
  const waitingUntil = quote?.state === "WAITING" ? quote.expiresAt : null;
  useEffect(() => {
    if (!waitingUntil || gap === null) return;
    const timer = window.setTimeout(() => void reloadQuote(), Math.min(Math.max(Date.parse(waitingUntil) - gap - Date.now(), 0) + 1000, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [waitingUntil, gap, reloadQuote]);

  async function sign() {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      // Signs the exact text shown, byte for byte, and only now that the user confirmed.
      await pending.onSigned(stampPayload(pending.payloadToSign, session.key));
    } finally {
      setBusy(false);
    }
  }

  function reviewQuote(q: QuoteApproval) {
    setDone(null);
    setPending({
      title: "Approve this payment",
      summary: <QuoteSummary quote={q} gap={gap ?? 0} />,
      payloadToSign: q.payloadToSign,
      confirmLabel: "Approve and sign",
      onSigned: async (signature) => {
        const result = await runProven((p) => approveQuote(p, q.id, signature));
        if (!result) return;
        // No answer: the review stays open to sign again (a quote runs once, so nothing is paid twice).
        if (!result.ok && isNoAnswer(result.error)) return setError(result.error.message);
        setPending(null);
        if (result.ok) {
          setApprovedHere(true);
          setDone(`Payment approved. Status: ${describeQuoteStatus(result.data.status)}.`);
          await refresh();
          return;
        }
        // Approved elsewhere or expired meanwhile: the card shows what became of it, with the reason here.
        setError(result.error.message);
        if (result.error.code === "QUOTE_EXPIRED" || result.error.code === "QUOTE_ALREADY_APPROVED") await refresh(); // the balance too, if it ran elsewhere
      },
    });
  }

  async function reviewRevoke(s: WalletView["sessions"][number]) {
    setDone(null);
    setError(null);
    const challenge = await withProof((p) => startRevokeSession(p, s.id));
    if (!challenge) return;
    setPending({
      title: "Revoke a session",
      summary: (
        <p>
          You are ending the <strong>{label(s.type)}</strong> session signed in as <strong>{s.nickname}</strong> at <PlatformTime iso={s.createdAt} gap={gap ?? 0} />
          {s.current ? " — this is the session you are using now; you will be signed out" : ""}. It will no longer be able to approve anything.
        </p>
      ),
      payloadToSign: challenge.payloadToSign,
      confirmLabel: "Sign and revoke",
      onSigned: async (signature) => {
        const result = await finishChange((p) => finishRevokeSession(p, s.id, challenge.requestId, signature));
        setPending(null);
        if (!result) return;
        if (s.current) return onSignOut("You revoked this session. Sign in again to continue.");
        setDone("Session revoked.");
        await refresh();
      },
    });
  }

  async function addPasskey(event: React.FormEvent) {
    event.preventDefault();
    const name = nickname.trim();
    if (!name) return;
    setDone(null);
    setError(null);
    const options = await withProof((p) => passkeyRegistrationOptions(p));
    if (!options) return;
    let attestation: PasskeyAttestation;
    try {
      const response = await startRegistration({
        optionsJSON: {
          challenge: options.challenge,
          rp: { name: "Wallet", id: window.location.hostname },
          user: { id: options.userId, name: options.userName, displayName: name },
          pubKeyCredParams: [{ alg: -7, type: "public-key" }],
          authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
          attestation: "none",
          timeout: 60_000,
        },
      });
      const allowed = new Set(["usb", "nfc", "ble", "internal", "hybrid"]);
      attestation = {
        credentialId: response.id,
        clientDataJson: response.response.clientDataJSON,
        attestationObject: response.response.attestationObject,
        transports: (response.response.transports ?? []).filter((t) => allowed.has(t)) as PasskeyAttestation["transports"],
      };
    } catch (e) {
      return setError(`The passkey prompt did not complete (${e instanceof Error ? e.message : "cancelled"}). Try again.`);
    }
    const challenge = await withProof((p) => startAddPasskey(p, name, options.challenge, attestation));
    if (!challenge) return;
    setPending({
      title: "Add a passkey",
      summary: (
        <p>
          You are adding a passkey named <strong>{name}</strong> to this wallet. It will be able to sign in and approve payments.
        </p>
      ),
      payloadToSign: challenge.payloadToSign,
      confirmLabel: "Sign and add passkey",
      onSigned: async (signature) => {
        const result = await finishChange((p) => finishAddPasskey(p, name, options.challenge, attestation, challenge.requestId, signature));
        setPending(null);
        if (!result) return;
        setNickname("");
        setDone(`Passkey “${name}” added.`);
        await refresh();
      },
    });
  }

  async function linkOidc() {
    setDone(null);
    setError(null);
    let oidcToken: string;
    try {
      oidcToken = await sandboxIdp(link, null);
    } catch (e) {
      return setError(`Linking did not complete (${e instanceof Error ? e.message : "cancelled"}). Try again.`);
    }
    const email = (JSON.parse(new TextDecoder().decode(base64urlnopad.decode(oidcToken.split(".")[1]!))) as { email?: string }).email ?? "this identity";
    const challenge = await withProof((p) => startAddOauth(p, oidcToken));
    if (!challenge) return;
    setPending({
      title: "Link a sign-in account",
      summary: (
        <p>
          You are linking the Google account <strong>{email}</strong> to this wallet. Anyone signed in to it will be able to sign in and approve payments.
        </p>
      ),
      payloadToSign: challenge.payloadToSign,
      confirmLabel: "Sign and link",
      onSigned: async (signature) => {
        const result = await finishChange((p) => finishAddOauth(p, oidcToken, challenge.requestId, signature));
        setPending(null);
        if (!result) return;
        setDone(`Google account ${email} linked.`);
        await refresh();
      },
    });
  }

  async function reviewExport() {
    setDone(null);
    setError(null);
    setMnemonic(null);
    // a one-off key for this export only, kept in memory; the phrase is sealed to it
    const exportKey = generateKeyPair();
    const challenge = await withProof((p) => startExport(p, exportKey.publicKeyUncompressed));
    if (!challenge) return;
    setPending({
      title: "Export the wallet",
      summary: <p>You are revealing this wallet&apos;s recovery phrase in this browser. Anyone who sees it controls the wallet and its funds; write it down somewhere safe.</p>,
      payloadToSign: challenge.payloadToSign,
      confirmLabel: "Sign and export",
      onSigned: async (signature) => {
        const result = await withProof((p) => finishExport(p, exportKey.publicKeyUncompressed, challenge.requestId, signature));
        setPending(null);
        if (!result) return;
        try {
          setMnemonic(await openWalletExport(result.encryptedWalletCredentials, exportKey.privateKey, result.enclavePublicKey));
        } catch (e) {
          setError(e instanceof WalletCryptoError ? `${e.message} Do not trust this export.` : "The export could not be opened.");
        }
      },
    });
  }

  async function reviewAddSms() {
    setDone(null);
    setError(null);
    const challenge = await withProof((p) => startAddSms(p));
    if (!challenge) return;
    setPending({
      title: "Add text-message sign-in",
      summary: <p>You are adding sign-in by a code texted to the phone number the platform has on file for you. Anyone with that phone will be able to sign in and approve payments.</p>,
      payloadToSign: challenge.payloadToSign,
      confirmLabel: "Sign and add",
      onSigned: async (signature) => {
        const result = await finishChange((p) => finishAddSms(p, challenge.requestId, signature));
        setPending(null);
        if (!result) return;
        setDone(`Text-message sign-in added for ${result.nickname}.`);
        await refresh();
      },
    });
  }

  async function signOut() {
    setBusy(true);
    const ended = await endWalletSession(link, session);
    setBusy(false);
    // The tab forgets its key either way; the user is told when a copy of it would still work.
    onSignOut(ended.ok ? null : `You are signed out in this tab, but the session could not be ended on the server, so it stays valid until it expires. ${ended.error.message}`);
  }

  async function reviewRemove(c: WalletView["credentials"][number]) {
    setDone(null);
    setError(null);
    const challenge = await withProof((p) => startRemoveCredential(p, c.id));
    if (!challenge) return;
    setPending({
      title: "Remove a sign-in method",
      summary: (
        <p>
          You are removing <strong>{label(c.type)}</strong> “{c.nickname}” from this wallet. Every session it opened ends, and it can no longer sign in.
        </p>
      ),
      payloadToSign: challenge.payloadToSign,
      confirmLabel: "Sign and remove",
      onSigned: async (signature) => {
        const result = await finishChange((p) => finishRemoveCredential(p, c.id, challenge.requestId, signature));
        setPending(null);
        if (!result) return;
        setDone("Sign-in method removed.");
        await refresh();
      },
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between">
        <p className="text-zinc-600">
          Signed in.{gap !== null && <> Session expires <PlatformTime iso={session.expiresAt} gap={gap} />.</>}
        </p>
        <Button variant="secondary" onClick={signOut} disabled={busy}>
          Sign out
        </Button>
      </div>
      {error && (
        <Notice tone="error" testId="wallet-error">
          {error}
        </Notice>
      )}
      {done && (
        <Notice tone="success" testId="wallet-done">
          {done}
        </Notice>
      )}
      {pending ? (
        <Card title={pending.title} tone="attention">
          <div className="space-y-4" data-testid="approval">
            <div data-testid="approval-summary">{pending.summary}</div>
            <div>
              <p className="mb-1 font-medium text-zinc-800">Exact text you sign</p>
              <pre data-testid="payload-to-sign" tabIndex={0} className="max-h-64 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs break-all whitespace-pre-wrap">
                {pending.payloadToSign}
              </pre>
            </div>
            <div className="flex gap-2">
              <Button onClick={sign} disabled={busy}>
                {pending.confirmLabel}
              </Button>
              <Button variant="ghost" onClick={() => setPending(null)} disabled={busy}>
                Cancel
              </Button>
            </div>
            {busy && <WorkingNote />}
          </div>
        </Card>
      ) : (
        quote && <QuoteCard quote={quote} appName={appName} approvedHere={approvedHere} gap={gap ?? 0} onReview={() => reviewQuote(quote)} />
      )}
      {view ? (
        <>
          <Card title="Balance">
            <p className="text-2xl font-semibold" data-testid="wallet-balance">
              {view.balance ? formatMinor(view.balance.amount, view.balance.currency.code, view.balance.currency.decimals ?? 2) : "—"}
            </p>
          </Card>
          <Card title="Activity" flush>
            {view.changes.length === 0 ? (
              <p className="px-5 py-4 text-zinc-500">No activity yet.</p>
            ) : (
              // Headers for screen readers only (the card's title says what the columns are); `relative` keeps them inside the card.
              <table className="relative w-full text-left" data-testid="wallet-activity">
                <caption className="sr-only">Activity</caption>
                <thead>
                  <tr>
                    <th scope="col" className="p-0">
                      <span className="sr-only">When</span>
                    </th>
                    <th scope="col" className="p-0">
                      <span className="sr-only">Amount</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.changes.map((c) => (
                    <tr key={c.id} className="border-t border-zinc-100">
                      <td className="px-5 py-2" data-testid="wallet-activity-time">
                        <PlatformTime iso={c.effectiveAt} gap={gap ?? 0} />
                      </td>
                      <td className="px-5 py-2 text-right font-mono">{view.balance ? formatMinor(c.amount, view.balance.currency.code, view.balance.currency.decimals ?? 2) : c.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
          <Card title="Sessions" description="Browsers signed in to this wallet." flush>
            <table className="relative w-full text-left" data-testid="wallet-sessions">
              <caption className="sr-only">Sessions</caption>
              <thead>
                <tr>
                  <th scope="col" className="p-0">
                    <span className="sr-only">Session</span>
                  </th>
                  <th scope="col" className="hidden p-0 sm:table-cell">
                    <span className="sr-only">Expires</span>
                  </th>
                  <th scope="col" className="p-0">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.sessions.map((s) => (
                  <tr key={s.id} className="border-t border-zinc-100">
                    <td className="py-2 pr-2 pl-4 break-all sm:px-5">
                      {label(s.type)} · {s.nickname}
                      {/* whole on one line: the cell breaks anywhere (long emails), this label must not */}
                      {s.current && (
                        <span className="ml-2 inline-block text-xs break-normal whitespace-nowrap text-brand-700" data-testid="this-browser">
                          (this browser)
                        </span>
                      )}
                      <span className="block text-xs text-zinc-500 sm:hidden">until <PlatformTime iso={s.expiresAt} gap={gap ?? 0} /></span>
                    </td>
                    <td className="hidden px-5 py-2 whitespace-nowrap text-zinc-500 sm:table-cell">until <PlatformTime iso={s.expiresAt} gap={gap ?? 0} /></td>
                    <td className="py-2 pr-4 pl-2 text-right sm:px-5">
                      <Button size="sm" variant="danger-ghost" aria-label={`Revoke ${label(s.type)} · ${s.nickname}${s.current ? " (this browser)" : ""}`} onClick={() => reviewRevoke(s)} disabled={busy || pending !== null}>
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Card title="Sign-in methods" flush>
            <ul data-testid="wallet-credentials">
              {view.credentials.map((c) => (
                <li key={c.id} className="flex items-center justify-between border-t border-zinc-100 px-5 py-2">
                  <span>
                    {label(c.type)} · {c.nickname}
                  </span>
                  {view.credentials.length > 1 && (
                    <Button size="sm" variant="danger-ghost" aria-label={`Remove ${label(c.type)} · ${c.nickname}`} onClick={() => reviewRemove(c)} disabled={busy || pending !== null}>
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <div className="space-y-3 border-t border-zinc-100 px-5 py-3">
              <form onSubmit={addPasskey} className="flex flex-wrap items-end gap-2">
                <label htmlFor="passkey-name" className="block w-full max-w-xs">
                  <span className="mb-1 block text-xs font-medium whitespace-nowrap text-zinc-700">Passkey name</span>
                  <Input id="passkey-name" value={nickname} onChange={(e) => setNickname(e.target.value)} placeholder="My laptop" maxLength={64} />
                </label>
                <Button type="submit" variant="secondary" disabled={busy || pending !== null || nickname.trim().length === 0}>
                  Add a passkey
                </Button>
              </form>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={linkOidc} disabled={busy || pending !== null}>
                  Link a Google account (sandbox)
                </Button>
                {!view.credentials.some((c) => c.type === "SMS_OTP") && (
                  <Button variant="secondary" onClick={reviewAddSms} disabled={busy || pending !== null}>
                    Add text-message sign-in
                  </Button>
                )}
              </div>
            </div>
          </Card>
          <Card title="Export" description="Reveal the recovery phrase, to move the wallet elsewhere.">
            {mnemonic ? (
              <div className="space-y-2">
                <pre data-testid="wallet-mnemonic" className="rounded-md bg-zinc-50 p-3 font-mono text-sm whitespace-pre-wrap">
                  {mnemonic}
                </pre>
                <Button variant="secondary" onClick={() => setMnemonic(null)}>
                  Hide the phrase
                </Button>
              </div>
            ) : (
              <Button variant="secondary" onClick={reviewExport} disabled={busy || pending !== null}>
                Export recovery phrase
              </Button>
            )}
          </Card>
        </>
      ) : (
        !error && <p className="text-zinc-500">Loading your wallet…</p>
      )}
    </div>
  );
}

/** The payment request the link is for: approvable only while it waits; else what became of it. */
function QuoteCard({
  quote,
  appName,
  approvedHere,
  gap,
  onReview,
}: {
  quote: QuoteApproval;
  appName: string | null;
  approvedHere: boolean;
  /** clockGapMs: how far the platform's clock runs ahead of this browser's. */
  gap: number;
  onReview: () => void;
}) {
  if (quote.state === "WAITING") {
    return (
      <Card title="A payment waits for your approval" tone="attention">
        <div className="space-y-3" data-testid="quote-card">
          <QuoteSummary quote={quote} gap={gap} />
          <Button onClick={onReview}>Review and approve</Button>
        </div>
      </Card>
    );
  }
  if (approvedHere && quote.state === "APPROVED") return null; // the success notice above says it
  return (
    <Card title={quote.state === "EXPIRED" ? "Payment request expired" : "Payment already approved"}>
      <div className="space-y-2" data-testid="quote-card">
        <p data-testid="quote-state">{describeClosedQuote(quote, Date.now() + gap, appName)}</p>
        <p className="text-sm text-zinc-600">
          {formatMinor(quote.sending.amount, quote.sending.code, quote.sending.decimals)} to {quote.destination}
          {quote.state === "EXPIRED" && <>, expired at <PlatformTime iso={quote.expiresAt} gap={gap} /></>}.
        </p>
      </div>
    </Card>
  );
}

function QuoteSummary({ quote, gap }: { quote: QuoteApproval; gap: number }) {
  return (
    <>
      <p data-testid="quote-summary">
        You are sending <strong>{formatMinor(quote.sending.amount, quote.sending.code, quote.sending.decimals)}</strong> from this wallet to{" "}
        <strong data-testid="quote-destination">{quote.destination}</strong>, which receives <strong>{formatMinor(quote.receiving.amount, quote.receiving.code, quote.receiving.decimals)}</strong>
        {quote.fees > 0 && <> (fees included: {formatMinor(quote.fees, quote.sending.code, quote.sending.decimals)})</>}.
        {quote.description && <> Note: {quote.description}.</>}
      </p>
      <p className="mt-2 font-medium text-zinc-800" data-testid="quote-expires">
        Approve by <PlatformTime iso={quote.expiresAt} gap={gap} />: after that this request expires and nothing is sent.
      </p>
    </>
  );
}

/** Shown while a request runs: on a slow network the disabled buttons alone look like nothing happens. */
function WorkingNote() {
  return (
    <p role="status" className="text-sm text-zinc-600">
      Working… On a slow connection this can take a while. Keep this page open.
    </p>
  );
}

function label(type: string): string {
  return ({ EMAIL_OTP: "Email code", SMS_OTP: "Text code", PASSKEY: "Passkey", OAUTH: "Google/Apple sign-in" } as Record<string, string>)[type] ?? type;
}

/**
 * A platform time (a deadline, or when something happened) on this browser's clock (localTime),
 * read again every 15 s so "in 4 min" and "5 min ago" stay true. `gap`: clockGapMs, how far the
 * platform's clock runs ahead of this one.
 */
function PlatformTime({ iso, gap }: { iso: string; gap: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return <>{localTime(iso, gap, now)}</>;
}
