import type { Metadata } from "next";
import { IdpForm } from "./idp-form";

export const metadata: Metadata = { title: "Sandbox identity provider" };
export const dynamic = "force-dynamic";

/**
 * A stand-in for Google/Apple sign-in in the sandbox: opened in a popup by the wallet page, it
 * issues an OIDC token with the nonce it was given and hands it back to the opener.
 */
export default async function SandboxIdpPage({ searchParams }: { searchParams: Promise<{ link?: string; nonce?: string; login_hint?: string }> }) {
  const { link, nonce, login_hint: loginHint } = await searchParams;
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-2 text-xl font-semibold text-zinc-900">Sandbox identity provider</h1>
      <p className="mb-6 text-zinc-600">Stands in for “Sign in with Google” in the sandbox. No password: choose the account to continue as.</p>
      {link ? <IdpForm link={link} nonce={nonce ?? null} loginHint={loginHint ?? ""} /> : <p role="alert">This page must be opened from a wallet page.</p>}
    </main>
  );
}
