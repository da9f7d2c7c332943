"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { callAction } from "@/lib/client/action-result";
import { issueSandboxIdToken } from "./actions";

export const IDP_MESSAGE = "sandbox-idp-token";

export function IdpForm({ link, nonce, loginHint }: { link: string; nonce: string | null; loginHint: string }) {
  const [email, setEmail] = useState(loginHint);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const res = await callAction(issueSandboxIdToken, link, email, nonce).finally(() => setBusy(false));
    if (!res.ok) return setError(res.error.message);
    if (!window.opener) return setError("The wallet page that opened this window is gone. Start again from it.");
    (window.opener as Window).postMessage({ type: IDP_MESSAGE, oidcToken: res.data }, window.location.origin);
    window.close();
  }

  return (
    <form onSubmit={submit} className="space-y-3">
      <label className="block">
        <span className="mb-1 block font-medium text-zinc-800">Email</span>
        <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </label>
      <Button type="submit" disabled={busy}>
        Continue
      </Button>
      {error && <Notice tone="error">{error}</Notice>}
    </form>
  );
}
