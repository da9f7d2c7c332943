"use client";

import { useState, useTransition } from "react";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Notice } from "@/components/ui/notice";
import { setBuiltInReceiverAction } from "../actions";

export interface ReceiverToggleProps {
  isOn: boolean;
  receiverUrl: string;
  currentEndpoint?: string;
  canChange: boolean;
}

function problemText(error: ActionError): string {
  if (error.code === "FORBIDDEN") return "Your role cannot change the webhook endpoint. Ask an admin.";
  // Production platforms need https; this app's origin (NEXTAUTH_URL) may be plain http.
  const endpointError = error.fieldErrors?.webhookEndpoint;
  if (error.code === "INVALID_INPUT" && endpointError) return `The service refused the receiver's address: it ${endpointError}.`;
  return describeActionError(error);
}

/** A switch that points the webhook endpoint at the built-in receiver, and back. */
export function ReceiverToggle({ isOn, receiverUrl, currentEndpoint, canChange }: ReceiverToggleProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function toggle() {
    startTransition(async () => {
      const result = await callAction(setBuiltInReceiverAction, { isEnabled: !isOn, currentEndpoint });
      if (result.ok) return setProblem(null);
      setProblem(problemText(result.error));
    });
  }

  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={isOn}
          aria-labelledby="receiver-toggle-label"
          aria-describedby="receiver-toggle-hint"
          disabled={!canChange || pending}
          onClick={toggle}
          className={`relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
            isOn ? "bg-brand-600" : "bg-zinc-500"
          }`}
        >
          <span className={`inline-block size-4 rounded-full bg-white shadow-sm transition-transform ${isOn ? "translate-x-4.5" : "translate-x-0.5"}`} />
        </button>
        <div>
          <p id="receiver-toggle-label" className="text-sm font-medium text-zinc-800">
            Use the built-in receiver {pending && <span className="font-normal text-zinc-500">(saving…)</span>}
          </p>
          <p id="receiver-toggle-hint" className="text-xs text-zinc-500">
            Sends events to this dashboard at <code className="font-mono break-all">{receiverUrl}</code>, which checks each signature and lists the
            deliveries below. Turning it off restores the endpoint it replaced.
          </p>
        </div>
      </div>
      {problem && (
        <Notice tone="error" testId="receiver-toggle-error">
          {problem}
        </Notice>
      )}
    </div>
  );
}
