"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { callAction, describeActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { replayWebhookEventAction } from "../actions";

/** The worker picks a replay up within a second; refresh then so the new attempt shows. */
const REFRESH_AFTER_MS = 1_000;

export function ReplayButton({ eventId, canReplay }: { eventId: string; canReplay: boolean }) {
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function replay() {
    startTransition(async () => {
      const result = await callAction(replayWebhookEventAction, { eventId });
      if (result.ok) {
        setMessage({ tone: "ok", text: "Queued: the same envelope is being delivered again." });
        setTimeout(() => router.refresh(), REFRESH_AFTER_MS);
        return;
      }
      const text = result.error.code === "FORBIDDEN" ? "Your role cannot replay events. Ask an admin." : describeActionError(result.error);
      setMessage({ tone: "error", text });
    });
  }

  return (
    <div className="flex items-center gap-3">
      {message && (
        <p role={message.tone === "ok" ? "status" : "alert"} className={`text-sm ${message.tone === "ok" ? "text-emerald-700" : "font-medium text-red-600"}`}>
          {message.text}
        </p>
      )}
      <Button onClick={replay} disabled={!canReplay || pending} title={canReplay ? undefined : "Only admins can replay events"}>
        {pending ? "Replaying…" : "Replay"}
      </Button>
    </div>
  );
}
