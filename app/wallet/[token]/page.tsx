import type { Metadata } from "next";
import { Notice } from "@/components/ui/notice";
import { maskContact } from "@/lib/wallet/format";
import { openLink, platformClient, WalletPageError } from "@/lib/wallet/server/service";
import { WalletApp, type SignInMethod } from "./wallet-app";

export const metadata: Metadata = { title: "Your wallet" };
export const dynamic = "force-dynamic";

/**
 * The end user's wallet, reached through the link the platform handed them. Before the browser
 * proves a session, the server shows only how to sign in (masked contacts), nothing of the account.
 */
export default async function WalletPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ quote?: string }> }) {
  const token = decodeURIComponent((await params).token);
  const { quote } = await searchParams;
  let claims;
  try {
    claims = openLink(token);
  } catch (error) {
    if (!(error instanceof WalletPageError)) throw error;
    return (
      <WalletShell>
        <Notice tone="error" title={error.code === "LINK_EXPIRED" ? "Link expired" : "Link not valid"} testId="wallet-link-error">
          {error.message}
        </Notice>
      </WalletShell>
    );
  }
  const { data } = await platformClient(claims.platformId).GET("/auth/credentials", { params: { query: { accountId: claims.accountId } } });
  const methods: SignInMethod[] = (data?.data ?? []).map((c) => ({ id: c.id, type: c.type, label: c.type === "PASSKEY" ? c.nickname : maskContact(c.nickname) }));
  return (
    <WalletShell>
      <WalletApp link={token} accountId={claims.accountId} methods={methods} quoteId={typeof quote === "string" ? quote : null} />
    </WalletShell>
  );
}

function WalletShell({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-semibold text-zinc-900">Your wallet</h1>
      {children}
    </main>
  );
}
