import type { Metadata } from "next";
import { Notice } from "@/components/ui/notice";
import { openLiveLink, WalletPageError } from "@/lib/wallet/server/service";
import { findAppName, listSignInMethods } from "../_lib/sign-in-methods";
import { WalletApp } from "./wallet-app";

export const metadata: Metadata = { title: "Your wallet" };
export const dynamic = "force-dynamic";

const LINK_ERROR_TITLES: Partial<Record<WalletPageError["code"], string>> = { LINK_EXPIRED: "Link expired", WALLET_CLOSED: "Wallet closed" };

/**
 * The end user's wallet, reached through the link the platform handed them. Before the browser
 * proves a session, the server shows only how to sign in (masked contacts), nothing of the account,
 * and whose wallet app it is (Settings → App name), so the user knows who sent the link.
 */
export default async function WalletPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ quote?: string }> }) {
  const token = decodeURIComponent((await params).token);
  const { quote } = await searchParams;
  let opened;
  try {
    opened = await openLiveLink(token);
  } catch (error) {
    if (!(error instanceof WalletPageError)) throw error;
    return (
      <WalletShell appName={null}>
        <Notice tone="error" title={LINK_ERROR_TITLES[error.code] ?? "Link not valid"} testId="wallet-link-error">
          {error.message}
        </Notice>
      </WalletShell>
    );
  }
  const { claims, client } = opened;
  const [methods, appName] = await Promise.all([listSignInMethods(client, claims.accountId), findAppName(client)]);
  return (
    <WalletShell appName={appName}>
      <WalletApp link={token} accountId={claims.accountId} methods={methods} quoteId={typeof quote === "string" ? quote : null} appName={appName} />
    </WalletShell>
  );
}

function WalletShell({ appName, children }: { appName: string | null; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <header className="mb-6">
        {appName && (
          <p className="text-sm font-semibold tracking-wide text-brand-700" data-testid="wallet-app-name">
            {appName}
          </p>
        )}
        <h1 className="text-2xl font-semibold text-zinc-900">Your wallet</h1>
      </header>
      {children}
    </main>
  );
}
