// Test-only (imported by *.test.ts files): the wallet pages' server actions as the browser calls
// them, against the embedded service on this run's database.
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import type { ActionResult } from "@/lib/client/action-result";
import { createTestApp } from "@/lib/service/testing/test-app";
import { walletFixture } from "@/lib/service/wallet-auth/wallet-auth-fixtures";
import { services } from "@/lib/services";
import { encryptOtpBundle, generateKeyPair, stampPayload } from "@/lib/wallet/crypto";
import { createWalletLinkToken } from "@/lib/wallet/server/tokens";
import type { StoredWalletSession } from "@/lib/wallet/session-store";
import { finishOtp, loadSignInMethods, startOtpSignIn, submitOtp } from "../actions";
import { sessionProof } from "./end-wallet-session";

export function data<T>(result: ActionResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data;
}

export async function openWalletPages() {
  process.env.WALLET_LINK_SECRET = "test-wallet-link-secret";
  delete process.env.SERVICE_BASE_URL;
  process.env.DATABASE_URL = inject("databaseUrl"); // the embedded service (services()) on this run's database
  const t = await createTestApp();
  const f = await walletFixture(t);

  /** A customer's wallet and the link staff would hand them. */
  async function walletWithLink() {
    const w = await f.wallet();
    const { token } = createWalletLinkToken({ platformId: f.platformId, accountId: w.accountId, customerId: w.customerId }, Date.now());
    return { ...w, link: token };
  }

  /** Email-code sign-in as the page runs it (sandbox code 000000). */
  async function signIn(link: string): Promise<StoredWalletSession> {
    const method = data(await loadSignInMethods(link)).find((m) => m.type === "EMAIL_OTP")!;
    const bundle = data(await startOtpSignIn(link, method.id));
    const key = generateKeyPair();
    const encrypted = await encryptOtpBundle("000000", bundle.otpEncryptionTargetBundle, key.publicKey, bundle.enclavePublicKey);
    const first = data(await submitOtp(link, method.id, encrypted));
    const done = data(await finishOtp(link, method.id, encrypted, first.requestId, stampPayload(first.payloadToSign, key), randomUUID()));
    return { key, ...done };
  }

  /** A fresh proof, as the page makes one for each action. */
  const proof = async (link: string, session: Pick<StoredWalletSession, "key" | "binding">) => data(await sessionProof(link, session));

  /** The wallet's active sessions as the platform's API lists them. */
  async function activeSessionIds(accountId: string): Promise<string[]> {
    const res = await t.call("GET", `/auth/sessions?accountId=${encodeURIComponent(accountId)}`, { auth: f.auth });
    return res.json.data.map((s: { id: string }) => s.id);
  }

  async function close() {
    await services().close();
    await t.close();
  }

  return { t, f, walletWithLink, signIn, proof, activeSessionIds, close };
}
