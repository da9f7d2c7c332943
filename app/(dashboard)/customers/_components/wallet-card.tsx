"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { DateTime } from "@/components/date-time";
import { formatMoney } from "@/components/money";
import { createWalletLink, loadWalletCard, type WalletCardData } from "../wallet-actions";

export interface WalletCardProps {
  customerId: string;
  /** The role may hand out wallet links (TRANSACT, as createWalletLink checks); others see the buttons disabled. */
  canCreateLinks: boolean;
}

/** The customer's embedded wallet: credentials and sessions (read-only) and a link for the end user. */
export function WalletCard({ customerId, canCreateLinks }: WalletCardProps) {
  const [data, setData] = useState<WalletCardData | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [quoteId, setQuoteId] = useState("");
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);

  useEffect(() => {
    void loadWalletCard(customerId).then((res) => (res.ok ? setData(res.data) : setError(res.error.message)));
  }, [customerId]);

  async function makeLink(forQuote = quoteId.trim()) {
    setError(null);
    const res = await createWalletLink(customerId, forQuote || undefined);
    if (!res.ok) return setError(res.error.message);
    setLink({ url: `${window.location.origin}${res.data.path}`, expiresAt: res.data.expiresAt });
  }

  if (data === null) return null;
  return (
    <Card title="Embedded wallet" description="What the end user signs in with, and where they are signed in. Read-only: changes are approved by the end user.">
      {data === undefined ? (
        error ? <Notice tone="error">{error}</Notice> : <p className="text-zinc-500">Loading…</p>
      ) : (
        <div className="space-y-4">
          <p>
            <code className="font-mono text-xs">{data.accountId}</code> · {data.status}
          </p>
          <div>
            <h3 className="mb-1 font-medium text-zinc-800">Credentials</h3>
            <ul data-testid="wallet-card-credentials" className="list-inside list-disc">
              {data.credentials.length === 0 && <li>None yet</li>}
              {data.credentials.map((c) => (
                <li key={c.id}>
                  {c.type} · {c.nickname}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="mb-1 font-medium text-zinc-800">Active sessions</h3>
            <ul data-testid="wallet-card-sessions" className="list-inside list-disc">
              {data.sessions.length === 0 && <li>None</li>}
              {data.sessions.map((s) => (
                <li key={s.id}>
                  {s.type} · {s.nickname} · until <DateTime value={s.expiresAt} />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="mb-1 font-medium text-zinc-800">Waiting for the end user&apos;s approval</h3>
            <ul data-testid="wallet-card-pending" className="space-y-1">
              {data.pendingApprovals.length === 0 && <li className="text-zinc-500">Nothing waits for a signature.</li>}
              {data.pendingApprovals.map((p) => (
                <li key={p.quoteId} className="flex flex-wrap items-center gap-2">
                  <span>
                    Payment of {formatMoney(p.amount, p.currency)} · <code className="font-mono text-xs">{p.quoteId}</code>
                  </span>
                  <Button size="sm" variant="secondary" onClick={() => makeLink(p.quoteId)} disabled={!canCreateLinks} aria-label={`Create approval link for ${p.quoteId}`}>
                    Approval link
                  </Button>
                </li>
              ))}
            </ul>
            {data.hasMorePendingApprovals && (
              <p className="mt-1 text-xs text-amber-700" data-testid="wallet-card-pending-more">
                The newest {data.pendingApprovals.length} are shown; more wait. Paste a quote id below to make a link for another.
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <label className="block">
              <span className="mb-1 block text-xs font-medium text-zinc-700">Quote to approve (optional)</span>
              <Input value={quoteId} onChange={(e) => setQuoteId(e.target.value)} placeholder="Quote:…" disabled={!canCreateLinks} />
            </label>
            <Button variant="secondary" onClick={() => makeLink()} disabled={!canCreateLinks}>
              Create wallet link
            </Button>
          </div>
          {!canCreateLinks && (
            <p className="text-xs text-zinc-500" data-testid="wallet-link-read-only">
              Your role can view the wallet but not create links for the end user. Ask an admin or operator.
            </p>
          )}
          {link && (
            <p className="text-sm">
              Hand this link to the customer (expires <DateTime value={link.expiresAt} />):{" "}
              <a data-testid="wallet-link" href={link.url} className="font-mono break-all text-brand-700 hover:underline">
                {link.url}
              </a>
            </p>
          )}
          {error && <Notice tone="error">{error}</Notice>}
        </div>
      )}
    </Card>
  );
}
