"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { callAction } from "@/lib/client/action-result";
import { completeLivenessAction, type LivenessResult } from "./actions";

const OUTCOME_TEXT = {
  PASSED: "Check passed. The wallet is verified; you can close this page.",
  FAILED: "Check failed. The wallet stays unverified; ask for a new link to try again.",
  EXPIRED: "This link has expired. Ask for a new link to try again.",
} as const;

export function LivenessCheck({ token }: { token: string }) {
  const [result, setResult] = useState<LivenessResult | null>(null);
  const [isPending, startTransition] = useTransition();
  const finish = (isPassed: boolean) => startTransition(async () => setResult(await callAction(completeLivenessAction, { token, isPassed })));

  if (result?.ok) return <p className="text-sm text-zinc-700" data-testid="liveness-result">{OUTCOME_TEXT[result.outcome]}</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600">
        Sandbox: no camera is used. Choose the result the liveness check should report for this wallet.
      </p>
      <div className="flex gap-3">
        <Button disabled={isPending} onClick={() => finish(true)}>Pass the check</Button>
        <Button variant="secondary" disabled={isPending} onClick={() => finish(false)}>Fail the check</Button>
      </div>
      {result && !result.ok && <p className="text-sm text-red-600" data-testid="liveness-error">{result.error.message}</p>}
    </div>
  );
}
