"use client";

import { useEffect, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { DateTime } from "@/components/date-time";
import { Notice } from "@/components/ui/notice";
import { deviceCodeStatusAction } from "../actions";
import { callAction } from "@/lib/client/action-result";

/**
 * A fresh device code, shown once: the person installing the agent types it into the agent
 * software, which redeems it. Polls until it is redeemed.
 */
export function DeviceCodePanel({ code, expiresAt }: { code: string; expiresAt: string }) {
  const [redeemed, setRedeemed] = useState(false);
  useEffect(() => {
    if (redeemed) return;
    const timer = setInterval(async () => {
      const result = await callAction(deviceCodeStatusAction, { code });
      if (result.ok && result.data.redeemed) setRedeemed(true);
    }, 1500);
    return () => clearInterval(timer);
  }, [code, redeemed]);

  return (
    <Notice tone={redeemed ? "success" : "info"} title={redeemed ? "Agent installed" : "Install the agent with this code"} testId="device-code-panel">
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded bg-white px-3 py-1 font-mono text-2xl tracking-widest text-zinc-900" data-testid="device-code">
          {code}
        </span>
        <CopyButton value={code} label="device code" />
      </div>
      <p className="mt-2 text-sm" data-testid="device-code-status">
        {redeemed ? (
          "The agent software redeemed the code and is connected."
        ) : (
          <>
            Waiting for installation… The agent software calls POST /agents/device-codes/{code}/redeem. Valid until <DateTime value={expiresAt} />, once.
          </>
        )}
      </p>
    </Notice>
  );
}
