"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { callAction } from "@/lib/client/action-result";
import { submitKycAction, type KycSubmitResult } from "./actions";

export function SubmitKyc({ token }: { token: string }) {
  const [result, setResult] = useState<KycSubmitResult | null>(null);
  const [isPending, startTransition] = useTransition();
  if (result?.ok && result.verificationStatus !== "RESOLVE_ERRORS") {
    // The API takes only http(s) redirects; a link stored before that rule must not run script here.
    const back = result.redirectUri && /^https?:\/\//i.test(result.redirectUri) ? result.redirectUri : null;
    return (
      <p className="text-sm text-zinc-700" data-testid="kyc-result">
        Submitted ({result.verificationStatus}). You can close this page{back && <> or <a className="underline" href={back}>return to the app</a></>}.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <Button disabled={isPending} onClick={() => startTransition(async () => setResult(await callAction(submitKycAction, { token })))}>Submit for verification</Button>
      {result?.ok && <p className="text-sm text-amber-700" data-testid="kyc-result">Some items are still missing; reload the page to see them.</p>}
      {result && !result.ok && <p className="text-sm text-red-600" data-testid="kyc-error">{result.error.message}</p>}
    </div>
  );
}
